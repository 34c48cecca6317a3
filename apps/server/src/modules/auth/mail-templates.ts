import type { Mail } from '../../lib/clients/mailer';
import { escapeHtml } from '../../lib/core/escape-html';

const codeMail = (to: string, subject: string, intro: string, code: string): Mail => ({
  to,
  subject,
  text: `${intro}\n\nYour code: ${code}\n\nIt expires in 10 minutes. If you did not ask for it, ignore this e-mail.\n\nSales Assist`,
  html: `<p>${escapeHtml(intro)}</p><p style="font-size:24px;letter-spacing:4px"><strong>${code}</strong></p><p>It expires in 10 minutes. If you did not ask for it, ignore this e-mail.</p><p>Sales Assist</p>`,
});

export const verificationMail = (to: string, code: string): Mail =>
  codeMail(
    to,
    'Your Sales Assist verification code',
    'Welcome to Sales Assist! Confirm your e-mail address with this code.',
    code,
  );

export const passwordResetMail = (to: string, code: string): Mail =>
  codeMail(
    to,
    'Your Sales Assist password reset code',
    'Use this code to choose a new Sales Assist password.',
    code,
  );
