import { AI_BUDGET_MESSAGES, PREMIUM_POPUP_TEXTS } from '@sales-assist/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { premiumPopup } from '../dialogs/premium-popup-store';
import { ApiError } from './api-error';
import { openStream } from './open-stream';

const answer = (status: number, body: unknown) =>
  vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );

afterEach(() => {
  vi.restoreAllMocks();
  premiumPopup.close();
});

describe('openStream refusals', () => {
  it('opens the premium pop-up when the AI allowance is used up (402), and throws its words', async () => {
    answer(402, {
      error: 'plan_limit_reached',
      message: PREMIUM_POPUP_TEXTS.Basic.message,
      metric: 'ai_requests',
      limit: 300,
      used: 300,
      resets_on: '2026-08-01',
    });
    const refused = openStream('/chats/x/messages', { content: 'Hi' }, new AbortController().signal);
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ status: 402, message: PREMIUM_POPUP_TEXTS.Basic.message });
    expect(premiumPopup.isOpen()).toBe(true);
    // The figures travel with it, for the pop-up to show.
    expect(premiumPopup.detail()).toEqual({
      metric: 'ai_requests',
      limit: 300,
      used: 300,
      resetsOn: '2026-08-01',
    });
  });

  it('throws a 429 in words a person understands, without the pop-up', async () => {
    answer(429, { error: 'ai_rate_limited', message: AI_BUDGET_MESSAGES.tooFast(20) });
    await expect(
      openStream('/linkedin-posts/generate', {}, new AbortController().signal),
    ).rejects.toMatchObject({
      status: 429,
      message: 'You are sending requests to the AI faster than your plan allows; try again in 20 seconds.',
    });
    expect(premiumPopup.isOpen()).toBe(false);
  });
});
