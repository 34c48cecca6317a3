import { COMMENT_MAX, CONNECTION_NOTE_MAX, FOLLOW_UP_MAX, type TLeadMessages } from '@sales-assist/contract';
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { z } from 'zod';
import type { AiConfig } from '../ai/types';
import { commentPrompt, messagesPrompt } from './llm-prompts';
import { createOfflineWriter } from './offline-writer';
import { shortenText } from './shorten-text';
import type { MessageBrief, MessageWriter, WriterLog, WriterRun } from './types';

/** The model's answer was unusable; the message says how, without quoting it (it holds lead data). */
class UnusableAnswer extends Error {}

const ZModelMessages = z.object({
  connection_note: z.string(),
  follow_up_1: z.string(),
  follow_up_2: z.string(),
});

/** Why a request failed, in words safe for the log: never the key, the prompt or the model's text. */
const reasonOf = (error: unknown): string => {
  if (error instanceof APIConnectionTimeoutError) return 'timed out';
  if (error instanceof APIConnectionError) return 'could not be reached';
  if (error instanceof APIError) return `answered HTTP ${error.status ?? 'error'}`;
  if (error instanceof UnusableAnswer) return error.message;
  return 'failed';
};

/** A text the model wrote, fitted to its limit; a text that is empty (or cannot be fitted) is unusable. */
const fitted = (text: string, max: number, what: string): string => {
  const fit = shortenText(text, max);
  if (!fit) throw new UnusableAnswer(`answered an empty ${what}`);
  return fit;
};

const parseMessages = (content: string | null | undefined): TLeadMessages => {
  if (!content?.trim()) throw new UnusableAnswer('answered no text');
  let json: unknown;
  try {
    // Some local models wrap the object in a Markdown code fence even in JSON mode.
    json = JSON.parse(content.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/i, '$1'));
  } catch {
    throw new UnusableAnswer('answered malformed JSON');
  }
  const parsed = ZModelMessages.safeParse(json);
  if (!parsed.success) throw new UnusableAnswer('answered JSON without the three messages');
  return {
    connection_note: fitted(parsed.data.connection_note, CONNECTION_NOTE_MAX, 'connection note'),
    follow_up_1: fitted(parsed.data.follow_up_1, FOLLOW_UP_MAX, 'follow-up'),
    follow_up_2: fitted(parsed.data.follow_up_2, FOLLOW_UP_MAX, 'follow-up'),
  };
};

/**
 * Messages from an OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, llama.cpp). A lead whose request
 * fails in any way gets the offline writer's messages instead, so a campaign is never held up by the
 * model; the log says so once per run.
 */
export const createLlmWriter = (config: AiConfig, log: WriterLog): MessageWriter => {
  const client = new OpenAI({
    baseURL: config.baseUrl,
    apiKey: config.apiKey,
    timeout: config.timeoutMs,
    maxRetries: 1,
    // Everything comes from env.ts: the SDK must not pick up OPENAI_* variables of the machine.
    organization: null,
    project: null,
    webhookSecret: null,
    adminAPIKey: null,
    logLevel: 'off',
  });
  const offline = createOfflineWriter();

  const fallBack = (error: unknown, what: string, run?: WriterRun): void => {
    if (run?.fallbackWarned) return;
    if (run) run.fallbackWarned = true;
    const entry = { campaignId: run?.campaignId, model: config.model, reason: reasonOf(error) };
    const message = `LLM ${entry.reason}: the offline writer wrote ${what} instead`;
    if (log.warn) log.warn(entry, message);
    else log.info(entry, message);
  };

  const ask = async (messages: ReturnType<typeof messagesPrompt>, json: boolean): Promise<string | null> => {
    const completion = await client.chat.completions.create({
      model: config.model,
      messages,
      ...(json ? { response_format: { type: 'json_object' as const } } : {}),
    });
    return completion.choices[0]?.message?.content ?? null;
  };

  return {
    kind: 'llm',
    writeMessages: async (brief: MessageBrief, run?: WriterRun) => {
      try {
        return parseMessages(await ask(messagesPrompt(brief), true));
      } catch (error) {
        fallBack(error, 'messages', run);
        return offline.writeMessages(brief);
      }
    },
    writeComment: async (brief, run) => {
      try {
        const content = (await ask(commentPrompt(brief), false))?.trim().replace(/^"([\s\S]*)"$/, '$1');
        if (!content) throw new UnusableAnswer('answered no text');
        return fitted(content, COMMENT_MAX, 'comment');
      } catch (error) {
        fallBack(error, 'a comment', run);
        return offline.writeComment(brief);
      }
    },
  };
};
