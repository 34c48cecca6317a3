import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * A generation's variants are not saved: the person keeps the ones they want. What the kept post must
 * carry from the generation (who wrote it, from what, with which prompt, what it cost) travels with the
 * browser as this receipt, signed with the server's secret, so the keep call cannot claim another
 * writer, prompt, token count or source than the generation had. It is bound to the user it was
 * written for. Format: base64url(JSON) "." base64url(HMAC-SHA256), like the OAuth state.
 */
const ZReceipt = z.object({
  /** Which user the variants were written for. */
  user: z.string(),
  /** Names the generation: a variant kept twice (a retry, a double click) is saved once. */
  id: z.string(),
  /** When it was written (ms): kept posts are looked up from then on. */
  at: z.number().int(),
  variants: z.number().int().min(1),
  source: z.object({
    type: z.enum(['topic', 'blog', 'input']),
    label: z.string(),
    id: z.number().int().nullable(),
  }),
  inputIds: z.array(z.number().int()),
  writer: z.enum(['llm', 'offline']),
  model: z.string().nullable(),
  prompt: z.object({ id: z.number().int(), version: z.number().int() }),
  /** The whole call's tokens (ai_usage already holds the call: these are only the posts' shares). */
  tokens: z.object({ prompt: z.number().int(), completion: z.number().int() }),
});
export type GenerationReceipt = z.infer<typeof ZReceipt>;

// Its own purpose in the MAC, so no other signed value of the server (a session, an OAuth state) can pass as one.
const PURPOSE = 'linkedin-post-generation.v1';

const sign = (secret: string, body: string): string =>
  createHmac('sha256', secret).update(`${PURPOSE}.${body}`).digest('base64url');

export const newGenerationId = (): string => randomBytes(12).toString('base64url');

export const signReceipt = (secret: string, receipt: GenerationReceipt): string => {
  const body = Buffer.from(JSON.stringify(receipt)).toString('base64url');
  return `${body}.${sign(secret, body)}`;
};

/** The receipt if the server signed it, else null (malformed, altered, or signed with another secret). */
export const readReceipt = (secret: string, token: string): GenerationReceipt | null => {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const wanted = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (wanted.length !== given.length || !timingSafeEqual(wanted, given)) return null;
  try {
    const parsed = ZReceipt.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};
