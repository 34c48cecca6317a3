import type { LinkedinPostDraft } from '../types';
import { contentMessages, inlineValue, sourceText } from './content-messages';
import { linkedinAnswerFormat, parseLinkedinPosts } from './linkedin-text';
import type { StepKit } from './step-kit';

/** LinkedIn posts, streamed through onDelta as they are written (variants separated by "---"). */
export const writeLinkedinPostsWithModel = async (
  kit: StepKit,
  request: { topic?: string; sourceText?: string; variants: number },
): Promise<LinkedinPostDraft[]> => {
  const variants = Math.min(Math.max(Math.trunc(request.variants), 1), 5);
  const topic = inlineValue(request.topic, 300);
  const source = request.sourceText?.trim() ? sourceText(request.sourceText.trim()) : '';
  const { text } = await kit.ai.streamText({
    messages: contentMessages({
      task: 'linkedin_posts',
      context: kit.context,
      values: {
        topic,
        count: String(variants),
        source: source ? 'the text in the "source" data block below' : '',
      },
      data: {
        request: { topic: topic || null, variants },
        ...(source ? { source } : {}),
      },
      answer: linkedinAnswerFormat(variants),
    }),
    signal: kit.signal,
    onUsage: kit.onUsage,
    ...(kit.onDelta ? { onDelta: kit.onDelta } : {}),
  });
  return parseLinkedinPosts(text, variants);
};
