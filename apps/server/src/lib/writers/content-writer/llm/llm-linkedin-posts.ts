import { answerProblems } from '../guards/linkedin-structure';
import type { LinkedinPostDraft } from '../types';
import { contentMessages, inlineValue, sourceText } from './content-messages';
import { linkedinAnswerFormat, parseLinkedinPosts } from './linkedin-text';
import type { StepKit } from './step-kit';

/**
 * LinkedIn posts, streamed through onDelta as they are written (variants separated by "---"). The
 * structure guard checks the answer (as many posts as asked, each with a body and hashtags); a failed
 * check is asked again once, not streamed (the `done` event carries the posts that count), and the better
 * of the two answers is kept: what is still missing is shown on each post (modules/linkedin-posts).
 */
export const writeLinkedinPostsWithModel = async (
  kit: StepKit,
  request: { topic?: string; sourceText?: string; variants: number },
): Promise<LinkedinPostDraft[]> => {
  const variants = Math.min(Math.max(Math.trunc(request.variants), 1), 5);
  const topic = inlineValue(request.topic, 300);
  const source = request.sourceText?.trim() ? sourceText(request.sourceText.trim()) : '';
  const messages = contentMessages({
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
  });
  const { text } = await kit.ai.streamText({
    messages,
    signal: kit.signal,
    onUsage: kit.onUsage,
    ...(kit.onDelta ? { onDelta: kit.onDelta } : {}),
  });
  const first = parseLinkedinPosts(text, variants);
  const problems = answerProblems(first, variants);
  if (problems.length === 0) return first;
  const again = await kit.ai.completeText({
    messages: [
      ...messages,
      { role: 'assistant', content: text.slice(0, 12_000) },
      {
        role: 'user',
        content: `That answer is not complete: ${problems.join(' ')} Answer again with all ${variants} post${variants > 1 ? 's' : ''}, each in the format asked, nothing before or after.`,
      },
    ],
    signal: kit.signal,
    onUsage: kit.onUsage,
  });
  let second: LinkedinPostDraft[] = [];
  try {
    second = parseLinkedinPosts(again.text, variants);
  } catch {
    return first;
  }
  return answerProblems(second, variants).length < problems.length ? second : first;
};
