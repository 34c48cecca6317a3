import { z } from 'zod';
import { AppError } from '../core/app-error';

export type CaptchaCheck = (token: string, remoteIp: string) => Promise<void>;

const ZSiteVerify = z.object({ success: z.boolean(), score: z.number().optional() });

export const CAPTCHA_FAILED = 'reCAPTCHA check failed. Please reload the page and try again.';

/** reCAPTCHA v3 site verification; the URL is configuration so tests can stand in for Google. */
export const recaptchaCheck =
  (options: { secret: string; verifyUrl: string; minScore: number }): CaptchaCheck =>
  async (token, remoteIp) => {
    if (!token) throw new AppError(400, 'captcha_failed', CAPTCHA_FAILED);
    let answer: z.infer<typeof ZSiteVerify>;
    try {
      const response = await fetch(options.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: options.secret, response: token, remoteip: remoteIp }),
        signal: AbortSignal.timeout(5_000),
      });
      answer = ZSiteVerify.parse(await response.json());
    } catch {
      throw new AppError(503, 'captcha_unavailable', 'reCAPTCHA could not be checked. Please try again.');
    }
    if (!answer.success || (answer.score ?? 1) < options.minScore) {
      throw new AppError(400, 'captcha_failed', CAPTCHA_FAILED);
    }
  };

export const captchaOff: CaptchaCheck = async () => undefined;
