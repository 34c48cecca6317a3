import { COMMENT_MAX, CONNECTION_NOTE_MAX, FOLLOW_UP_MAX, type TLeadMessages } from '@sales-assist/contract';
import { z } from 'zod';
import { AiUnusableAnswer, aiFailureReason } from '../../clients/ai/ai-errors';
import type { AiClient, AiUsage } from '../../clients/ai/types';
import { commentPrompt, messagesPrompt } from './llm-prompts';
import { createOfflineWriter } from './offline-writer';
import { shortenText } from './shorten-text';
import type { MessageBrief, MessageWriter, WriterLog, WriterRun } from './types';

const ZModelMessages = z.object({
  connection_note: z.string(),
  follow_up_1: z.string(),
  follow_up_2: z.string(),
});

/** A text the model wrote, fitted to its limit; a text that is empty (or cannot be fitted) is unusable. */
const fitted = (text: string, max: number, what: string): string => {
  const fit = shortenText(text, max);
  if (!fit) throw new AiUnusableAnswer(`answered an empty ${what}`);
  return fit;
};

/**
 * Messages from an OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, llama.cpp) through the app's one AI
 * client (lib/clients/ai: time limits, one retry on a transient failure, one repair of an unusable JSON answer).
 * A lead whose request fails in any way gets the offline writer's messages instead, so a campaign is
 * never held up by the model; the log says so once per run.
 */
export const createLlmWriter = (ai: AiClient, log: WriterLog): MessageWriter => {
  const offline = createOfflineWriter();

  const fallBack = (error: unknown, what: string, run?: WriterRun): void => {
    if (run?.fallbackWarned) return;
    if (run) run.fallbackWarned = true;
    const entry = { campaignId: run?.campaignId, model: ai.model, reason: aiFailureReason(error) };
    const message = `LLM ${entry.reason}: the offline writer wrote ${what} instead`;
    if (log.warn) log.warn(entry, message);
    else log.info(entry, message);
  };

  /** Each answered request's tokens go to the run's owner (ai_usage), with the model that spent them. */
  const usageOf = (run?: WriterRun) =>
    run?.onUsage ? { onUsage: (usage: AiUsage) => run.onUsage?.(usage, ai.model) } : {};

  return {
    kind: 'llm',
    writeMessages: async (brief: MessageBrief, run?: WriterRun): Promise<TLeadMessages> => {
      try {
        const { object } = await ai.generateObject({
          messages: messagesPrompt(brief),
          schema: ZModelMessages,
          shapeHint: '{"connection_note", "follow_up_1", "follow_up_2"}',
          ...usageOf(run),
        });
        return {
          connection_note: fitted(object.connection_note, CONNECTION_NOTE_MAX, 'connection note'),
          follow_up_1: fitted(object.follow_up_1, FOLLOW_UP_MAX, 'follow-up'),
          follow_up_2: fitted(object.follow_up_2, FOLLOW_UP_MAX, 'follow-up'),
        };
      } catch (error) {
        fallBack(error, 'messages', run);
        return offline.writeMessages(brief);
      }
    },
    writeComment: async (brief, run) => {
      try {
        const { text } = await ai.completeText({ messages: commentPrompt(brief), ...usageOf(run) });
        return fitted(text.trim().replace(/^"([\s\S]*)"$/, '$1'), COMMENT_MAX, 'comment');
      } catch (error) {
        fallBack(error, 'a comment', run);
        return offline.writeComment(brief);
      }
    },
  };
};
