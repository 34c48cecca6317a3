import type { AiCallOptions, AiClient, AiUsage } from '../../../clients/ai/types';
import type { ContentContext } from '../types';

/**
 * What every step of one generation shares: the caller's signal and where each call's tokens go. Made by
 * the writer (llm-content-writer.ts) and passed to each step's file, which is why it lives apart from both.
 */
export type StepKit = {
  /** The model, telling the generation's onQueued of every call's place in line (see `tellingPlace`). */
  ai: AiClient;
  context: ContentContext;
  signal: AbortSignal | undefined;
  onUsage: (usage: AiUsage) => void;
  /** The caller's onDelta, noting that text went out (a fallback then tells the caller to start again). */
  onDelta: ((delta: string) => void) | undefined;
};

/**
 * The client with `onQueued` given to every call that does not give its own. Wrapped once for the
 * generation, so each of its steps (a plan, every section, a fit, a repair) tells the caller its place in
 * the built-in model's line without each call having to remember to pass it.
 */
export const tellingPlace = (ai: AiClient, onQueued: ((ahead: number) => void) | undefined): AiClient => {
  if (!onQueued) return ai;
  const withPlace = <R extends AiCallOptions>(request: R): R =>
    request.onQueued ? request : { ...request, onQueued };
  return {
    // A getter: the client's name is read at each use, as the client itself would answer it.
    get model() {
      return ai.model;
    },
    streamText: (request) => ai.streamText(withPlace(request)),
    streamChat: (request) => ai.streamChat(withPlace(request)),
    generateObject: (request) => ai.generateObject(withPlace(request)),
    completeText: (request) => ai.completeText(withPlace(request)),
  };
};
