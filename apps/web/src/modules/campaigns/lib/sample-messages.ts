import type { TMessageTemplate } from '@sales-assist/contract';

/** The placeholders a sample shows; the writer fills them from the lead's profile and the sender. */
export const PLACEHOLDERS = [
  '[Name]',
  '[Industry]',
  '[Recent Post Headline]',
  '[Company Name]',
  '[Sender Name]',
] as const;

/**
 * Spec §2 "Template message example dialog": what a message of each template reads like, with the
 * placeholders for name, industry, recent post headline, company name and sender name.
 */
export const SAMPLE_MESSAGES: Record<TMessageTemplate['id'], string> = {
  1: `Hi [Name],

I just read your post "[Recent Post Headline]" and really liked how clearly you put it. Few people in [Industry] explain it that well.

It reminded me of a challenge many teams like [Company Name] are working through right now. We have been helping with exactly that, and I think a few of our ideas could save you time.

Would you be open to a short call next week?

Best regards,
[Sender Name]`,
  2: `Hi [Name],

Your post "[Recent Post Headline]" got me thinking: how is [Company Name] handling this today? Is it something your team owns, or does it sit with someone else?

I ask because most people I speak to in [Industry] say it takes far more time than it should. We built something that makes it a lot lighter.

Happy to share how others use it, if that is useful.

Cheers,
[Sender Name]`,
  3: `Hi [Name],

Saw your recent post "[Recent Post Headline]". Great point, and it fits what I keep hearing from people in [Industry].

I work with teams like [Company Name] on this, and I would love to swap notes. No pitch, just a quick chat to see if there is a fit.

Talk soon,
[Sender Name]`,
};
