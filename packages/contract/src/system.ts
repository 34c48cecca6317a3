import { z } from './messages';

export const ZHealthResponse = z.object({ status: z.literal('ok') });
/** The event loop stalled past EVENT_LOOP_STALL_MS within the last minute (the longest such stall). */
export const ZHealthDegradedResponse = z.object({
  status: z.literal('degraded'),
  eventLoopStalledMs: z.number().int(),
  message: z.string(),
});
/** GET /api/health: ok, or degraded for a minute after the event loop stalled. */
export const ZHealthAnswer = ZHealthResponse.or(ZHealthDegradedResponse);

/** What the web app needs to know about this installation before anyone signs in. */
export const ZAppConfigResponse = z.object({
  recaptcha_site_key: z.string().nullable(),
  version: z.string(),
});
export type TAppConfigResponse = z.infer<typeof ZAppConfigResponse>;
