import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** An unguessable token for a URL or a header (256 bits). */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** A 6-digit code from the CSPRNG, leading zeros kept. */
export const randomOtp = (): string => randomInt(0, 1_000_000).toString().padStart(6, '0');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export const hmac = (key: string, value: string): string =>
  createHmac('sha256', key).update(value).digest('hex');

export const equalHex = (a: string, b: string): boolean => {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
};
