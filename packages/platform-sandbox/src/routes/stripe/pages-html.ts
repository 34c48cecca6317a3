import type { FastifyReply } from 'fastify';
import type { PriceRecord } from './records';

/** What the checkout and portal pages share: the frame of a page, money and dates as Stripe writes them. */

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const ZERO_DECIMAL = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);

export const money = (amount: number, currency: string): string =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    ZERO_DECIMAL.has(currency) ? amount : amount / 100,
  );

/** "per month", "per year", "every 3 months". */
export const every = (price: Pick<PriceRecord, 'interval' | 'intervalCount'>): string =>
  price.interval
    ? price.intervalCount === 1
      ? `per ${price.interval}`
      : `every ${price.intervalCount} ${price.interval}s`
    : '';

export const longDate = (unix: number): string =>
  new Date(unix * 1000).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

const STYLE = `
*{box-sizing:border-box}
body{font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;margin:0;color:#1a1f36;background:#fff;font-size:15px;line-height:1.45}
main{max-width:920px;margin:0 auto;padding:32px 20px;display:flex;flex-wrap:wrap;gap:40px}
main.narrow{max-width:560px;display:block}
.summary,.pay{flex:1 1 340px;min-width:0}
.merchant{display:flex;align-items:center;gap:10px;font-weight:600;margin-bottom:24px}
.badge{font-size:11px;font-weight:700;text-transform:uppercase;letter-spacing:.04em;background:#ffde92;color:#983705;border-radius:4px;padding:2px 6px}
.label{color:#697386;margin:0}
.amount{font-size:36px;font-weight:600;margin:4px 0 24px;letter-spacing:-.02em}
.amount small{font-size:15px;color:#697386;font-weight:400;letter-spacing:0}
.line{display:flex;justify-content:space-between;gap:16px;padding:12px 0;border-top:1px solid #e3e8ee}
.line:first-of-type{border-top:0}
.line .muted{color:#697386;font-size:13px}
.total{font-weight:600;border-top:1px solid #e3e8ee}
h1{font-size:20px;margin:0 0 16px}
h2{font-size:16px;margin:24px 0 12px}
label{display:block;font-size:13px;font-weight:500;color:#3c4257;margin:16px 0 6px}
input{width:100%;font:inherit;padding:10px 12px;border:1px solid #cfd7df;border-radius:6px;background:#fff;color:#1a1f36}
input:focus{outline:none;border-color:#635bff;box-shadow:0 0 0 3px rgba(99,91,255,.25)}
.card-fields{border:0;padding:0;margin:16px 0 0;min-width:0}
.card-fields legend{font-size:13px;font-weight:500;color:#3c4257;margin:0 0 6px;padding:0}
.card{border:1px solid #cfd7df;border-radius:6px;overflow:hidden}
.card input{border:0;border-radius:0}
.card .row{display:flex;border-top:1px solid #cfd7df}
.card .row input+input{border-left:1px solid #cfd7df}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
button,.button{display:inline-block;width:100%;margin-top:24px;font:inherit;font-weight:600;padding:12px 16px;border:0;border-radius:6px;background:#635bff;color:#fff;cursor:pointer;text-align:center;text-decoration:none}
button:focus-visible,.button:focus-visible,a:focus-visible{outline:3px solid rgba(99,91,255,.5);outline-offset:2px}
button[disabled]{opacity:.7;cursor:progress}
button.secondary,.button.secondary{background:#fff;color:#1a1f36;border:1px solid #cfd7df}
button.danger{background:#fff;color:#c0123c;border:1px solid #f2b8c6}
.alert{margin:16px 0 0;padding:10px 12px;border-radius:6px;background:#fff0f3;color:#a1123a;border:1px solid #f2b8c6}
.notice{margin:0 0 16px;padding:10px 12px;border-radius:6px;background:#ecfdf3;color:#05603a;border:1px solid #a6f4c5}
.hint{color:#697386;font-size:13px;margin-top:16px}
.panel{border:1px solid #e3e8ee;border-radius:8px;padding:16px 20px;margin-bottom:16px}
.back{color:#635bff;text-decoration:none;font-weight:500}
footer{color:#a3acb9;font-size:12px;text-align:center;padding:16px}
table{width:100%;border-collapse:collapse}td,th{text-align:left;padding:8px 0;border-top:1px solid #e3e8ee;font-size:14px}th{color:#697386;font-weight:500}
`;

export const page = (
  title: string,
  body: string,
  options: { narrow?: boolean; script?: string } = {},
) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<style>${STYLE}</style></head><body>
<main${options.narrow ? ' class="narrow"' : ''}>${body}</main>
<footer>Stripe test mode · platform sandbox</footer>
${options.script ? `<script>${options.script}</script>` : ''}
</body></html>`;

/** Checkout is framed by the app's page (embedded Checkout); the portal is a page of its own, never framed. */
export const sendPage = (
  reply: FastifyReply,
  status: number,
  html: string,
  framing: 'any' | 'none' = 'any',
) => {
  if (framing === 'none')
    reply.header('x-frame-options', 'DENY').header('content-security-policy', "frame-ancestors 'none'");
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
};

/** Card fields as the payment form and the portal's card form show them. */
export const cardFields = (values: { number?: string; expiry?: string; cvc?: string; name?: string }) => `
<fieldset class="card-fields"><legend>Card information</legend>
<div class="card">
<label class="sr" for="card_number">Card number</label>
<input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required value="${escapeHtml(values.number ?? '')}">
<div class="row">
<label class="sr" for="card_expiry">Expiration date (MM / YY)</label>
<input id="card_expiry" name="card_expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" required value="${escapeHtml(values.expiry ?? '')}">
<label class="sr" for="card_cvc">Security code (CVC)</label>
<input id="card_cvc" name="card_cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" required value="${escapeHtml(values.cvc ?? '')}">
</div></div></fieldset>
<label for="card_name">Cardholder name</label>
<input id="card_name" name="card_name" autocomplete="cc-name" placeholder="Full name on card" required value="${escapeHtml(values.name ?? '')}">`;

/** Formats the card number and expiry as they are typed, and shows the button busy while the form is sent. */
export const FORM_SCRIPT = `(function(){
var n=document.getElementById('card_number');
if(n)n.addEventListener('input',function(){var d=n.value.replace(/\\D/g,'').slice(0,19);n.value=d.replace(/(\\d{4})(?=\\d)/g,'$1 ');});
var e=document.getElementById('card_expiry');
if(e)e.addEventListener('input',function(ev){var d=e.value.replace(/\\D/g,'').slice(0,4);if(ev.inputType&&ev.inputType.indexOf('delete')===0){return;}e.value=d.length>2?d.slice(0,2)+' / '+d.slice(2):d;});
var f=document.querySelector('form[data-busy]');
if(f)f.addEventListener('submit',function(){var b=f.querySelector('button[type=submit]');if(b){b.disabled=true;b.textContent=f.getAttribute('data-busy');}});
})();`;
