import type { z } from 'zod';
import type { AppDeps } from '../../../app-deps';

/**
 * What every chat tool runs with. `userId` is the signed-in caller's id, never a value the model gave:
 * every tool filters its queries by it, so nothing the model asks can read another user's rows.
 */
export type ChatToolContext = { deps: AppDeps; userId: string; now: Date; signal?: AbortSignal };

/**
 * A tool the chat's model may call. `parameters` becomes the function's JSON schema (z.toJSONSchema);
 * `result` is the compact JSON the model reads; `summary` one short line shown to the user.
 */
export type ChatTool<A> = {
  name: string;
  description: string;
  parameters: z.ZodType<A>;
  run: (ctx: ChatToolContext, args: A) => Promise<{ result: unknown; summary: string }>;
};
