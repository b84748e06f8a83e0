// HTML of the sandbox's hosted test checkout (GET/POST /pay/sandbox/:id): no JavaScript (the CSP
// forbids inline scripts), inline <style> only, labelled inputs, usable by keyboard alone.
import { LANGUAGES, type Language } from '@hc/contract';
import { matchLanguage } from '../../lib/language';
import { formatMoney } from './money';
import { sandboxText, type SandboxText } from './sandbox-text';
import { escapeHtml } from '../../lib/escape-html';

export interface PagePayment {
  id: string;
  orderRef: string;
  amount: number;
  currency: string;
  itemName: string;
  language: string;
  returnUrl: string;
}

/** What the card form says above its fields: a field's error, or the card was declined. */
export type CardError = 'errCardUnknown' | 'errExpiry' | 'errCvc' | 'errDeclined';

export { escapeHtml };

/** The payment's language if it is one of ours (docs/product/languages.md), else en-US. */
export function pageLanguage(tag: string): Language {
  const match = matchLanguage(tag);
  return match !== undefined && (LANGUAGES as readonly string[]).includes(match) ? match : 'en-US';
}

const style = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI","Noto Sans",sans-serif;background:#f3f4f6;color:#111827}
main{max-width:28rem;margin:0 auto;padding:1rem}
.banner{background:#fef3c7;color:#78350f;border:2px dashed #b45309;border-radius:.5rem;padding:.75rem 1rem;font-weight:600}
.card{background:#fff;border-radius:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:1.25rem;margin-top:1rem}
h1{font-size:1.375rem;margin:.25rem 0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0}
dt{color:#4b5563}dd{margin:0;text-align:end;overflow-wrap:anywhere}
.total{font-size:1.5rem;font-weight:700}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{width:100%;font:inherit;padding:.625rem .75rem;border:1px solid #6b7280;border-radius:.375rem}
input[aria-invalid=true]{border-color:#b91c1c}
.row{display:grid;grid-template-columns:1fr 1fr;gap:0 .75rem;align-items:end}
button{width:100%;font:inherit;font-weight:700;padding:.75rem;margin-top:1rem;border:0;border-radius:.375rem;cursor:pointer}
.pay{background:#1d4ed8;color:#fff}.paypal{background:#ffc439;color:#111827}
.secondary{background:#fff;color:#1f2937;border:1px solid #9ca3af}
:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.or{text-align:center;color:#4b5563;font-size:1rem;margin:1.25rem 0 0}
.error{color:#b91c1c;font-weight:600}
.hint{color:#4b5563;font-size:.875rem}
.link{display:inline-block;margin-top:1rem;font-weight:700;color:#1d4ed8}
`;

function layout(lang: Language, title: string, body: string): string {
  const t = sandboxText[lang];
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex">` +
    `<title>${escapeHtml(title)} · HC Portal</title><style>${style}</style></head>` +
    `<body><main><p class="banner" role="note">${escapeHtml(t.testBanner)}</p>${body}</main></body></html>`
  );
}

function summary(t: SandboxText, p: PagePayment, lang: Language): string {
  return (
    `<dl><dt>${escapeHtml(t.item)}</dt><dd>${escapeHtml(p.itemName)}</dd>` +
    `<dt>${escapeHtml(t.order)}</dt><dd>${escapeHtml(p.orderRef)}</dd>` +
    `<dt>${escapeHtml(t.amount)}</dt><dd class="total">${escapeHtml(formatMoney(p.amount, p.currency, lang))}</dd></dl>`
  );
}

/** Only http(s) links are rendered; anything else falls back to no link. */
function safeHref(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}

export function renderCheckoutPage(
  p: PagePayment,
  form: { cardNumber?: string; expiry?: string; error?: CardError } = {},
): string {
  const lang = pageLanguage(p.language);
  const t = sandboxText[lang];
  const action = `/pay/sandbox/${encodeURIComponent(p.id)}`;
  const amount = formatMoney(p.amount, p.currency, lang);
  const invalid = (field: CardError) =>
    form.error === field ? ' aria-invalid="true" aria-describedby="card-error"' : '';
  const cancel = safeHref(p.returnUrl);
  const body =
    `<section class="card" aria-labelledby="title"><h1 id="title">${escapeHtml(t.title)}</h1>` +
    summary(t, p, lang) +
    `<form method="post" action="${action}"><input type="hidden" name="method" value="paypal">` +
    `<button type="submit" class="paypal">${escapeHtml(t.payWithPaypal)}</button></form>` +
    `<h2 class="or">${escapeHtml(t.orCard)}</h2>` +
    `<form method="post" action="${action}" novalidate><input type="hidden" name="method" value="card">` +
    (form.error === undefined
      ? ''
      : `<p id="card-error" class="error" role="alert">${escapeHtml(t[form.error])}</p>`) +
    `<label for="card-number">${escapeHtml(t.cardNumber)}</label>` +
    `<input id="card-number" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required` +
    ` value="${escapeHtml(form.cardNumber ?? '')}"${invalid('errCardUnknown')}${invalid('errDeclined')}>` +
    `<div class="row"><div><label for="card-expiry">${escapeHtml(t.expiry)}</label>` +
    `<input id="card-expiry" name="expiry" autocomplete="cc-exp" placeholder="${escapeHtml(t.expiryPlaceholder)}" required` +
    ` value="${escapeHtml(form.expiry ?? '')}"${invalid('errExpiry')}></div>` +
    `<div><label for="card-cvc">${escapeHtml(t.cvc)}</label>` +
    `<input id="card-cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required${invalid('errCvc')}></div></div>` +
    `<button type="submit" class="pay">${escapeHtml(t.payAmount.replace('{amount}', amount))}</button>` +
    `<p class="hint">${escapeHtml(t.testCards)}</p></form>` +
    (cancel === undefined
      ? ''
      : `<a class="link" href="${escapeHtml(cancel)}">${escapeHtml(t.cancel)}</a>`) +
    `</section>`;
  return layout(lang, t.title, body);
}

export function renderResultPage(
  p: PagePayment,
  status: 'paid' | 'declined' | 'refunded',
  portalNotified: boolean,
): string {
  const lang = pageLanguage(p.language);
  const t = sandboxText[lang];
  const [title, text] =
    status === 'paid'
      ? [t.paidTitle, t.paidText]
      : status === 'declined'
        ? [t.declinedTitle, t.declinedText]
        : [t.refundedTitle, t.refundedText];
  const back = safeHref(p.returnUrl);
  const body =
    `<section class="card" aria-labelledby="title"><h1 id="title" data-status="${status}">${escapeHtml(title)}</h1>` +
    `<p role="status">${escapeHtml(text)}</p>` +
    (portalNotified ? '' : `<p class="hint">${escapeHtml(t.notifyPending)}</p>`) +
    summary(t, p, lang) +
    (back === undefined
      ? ''
      : `<a class="link" href="${escapeHtml(back)}">${escapeHtml(t.returnLink)}</a>`) +
    (status === 'paid'
      ? `<form method="post" action="/pay/sandbox/${encodeURIComponent(p.id)}/refund">` +
        `<button type="submit" class="secondary">${escapeHtml(t.refundTest)}</button></form>`
      : '') +
    `</section>`;
  return layout(lang, title, body);
}

export function renderNotFoundPage(language: Language): string {
  const t = sandboxText[language];
  return layout(
    language,
    t.notFoundTitle,
    `<section class="card"><h1>${escapeHtml(t.notFoundTitle)}</h1><p>${escapeHtml(t.notFoundText)}</p></section>`,
  );
}
