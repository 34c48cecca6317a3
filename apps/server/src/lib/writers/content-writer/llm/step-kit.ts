import type { AiClient, AiUsage } from '../../../clients/ai/types';
import type { ContentContext } from '../types';

/**
 * What every step of one generation shares: the caller's signal and where each call's tokens go. Made by
 * the writer (llm-content-writer.ts) and passed to each step's file, which is why it lives apart from both.
 */
export type StepKit = {
  ai: AiClient;
  context: ContentContext;
  signal: AbortSignal | undefined;
  onUsage: (usage: AiUsage) => void;
  /** The caller's onDelta, noting that text went out (a fallback then tells the caller to start again). */
  onDelta: ((delta: string) => void) | undefined;
};
