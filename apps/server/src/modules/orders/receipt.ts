// Receipt email after a completed order: order id, item, amount and, for HC
// Point packs, the credit and the new balance; in the language the order was created in
// (orders.language; docs/product/languages.md, en-US fallback per
// docs/product/languages.md#fallback), sent through the same Mailer as the sign-in codes. The
// texts are the `receipt.*` keys of the server's message catalogue (src/messages).
import type { Mailer } from '../../adapters/mail/mail';
import { escapeHtml } from '../../lib/escape-html';
import { formatMessage, messageLanguage, messagesFor } from '../../messages';

export interface ReceiptInput {
  /** Any BCP 47 tag; mapped to one of the nine languages, else en-US. */
  language: string;
  siteTitle: string;
  orderId: string;
  itemName: string;
  /** Price paid in minor units of `currency` (e.g. cents). */
  amount: number;
  /** ISO 4217 code. */
  currency: string;
  completedAt: Date;
  /** HC Point balance after the credit; HC Point packs only (its presence marks one). */
  hcBalance?: number;
  /** HC Point this order added: bought (basic) and bonus (present), docs/product/hc-point.md#balances. */
  hcCredited?: { basic: number; present: number };
  /** Absolute link to the order detail page. */
  orderUrl: string;
}

export interface RenderedReceipt {
  subject: string;
  text: string;
  html: string;
}

/** Formats minor units with the currency's own fraction digits (JPY 0, USD 2, KWD 3). */
export function formatMoney(language: string, amount: number, currency: string): string {
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount / 10 ** digits);
}

function formatUtc(language: string, at: Date): string {
  const formatted = new Intl.DateTimeFormat(language, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(at);
  return `${formatted} UTC`;
}

export { escapeHtml };

/** A mail header must stay on one line whatever a title or id contains. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

export function renderReceipt(input: ReceiptInput): RenderedReceipt {
  const language = messageLanguage(input.language);
  const t = messagesFor(language);
  const m = {
    heading: t['receipt.heading'],
    intro: t['receipt.intro'],
    viewOrder: t['receipt.viewOrder'],
    footer: t['receipt.footer'],
    colon: t['receipt.colon'],
  };
  const count = (n: number) => new Intl.NumberFormat(language).format(n);
  const isCoinPack = input.hcBalance !== undefined;

  const rows: [string, string][] = [
    [t['receipt.orderId'], input.orderId],
    [t['receipt.item'], input.itemName],
    [t['receipt.amount'], formatMoney(language, input.amount, input.currency)],
    [t['receipt.completedAt'], formatUtc(language, input.completedAt)],
  ];
  if (isCoinPack && input.hcCredited !== undefined) {
    const { basic, present } = input.hcCredited;
    const total = count(basic + present);
    rows.push([
      t['receipt.credited'],
      present > 0
        ? formatMessage(t['receipt.creditedWithBonus'], { total, bonus: count(present) })
        : total,
    ]);
  }
  if (input.hcBalance !== undefined) rows.push([t['receipt.balance'], count(input.hcBalance)]);
  const delivered = isCoinPack ? t['receipt.deliveredCoins'] : t['receipt.deliveredGame'];

  const subject = oneLine(
    formatMessage(t['receipt.subject'], { site: input.siteTitle, order: input.orderId }),
  );
  const text = [
    m.heading,
    '',
    m.intro,
    '',
    ...rows.map(([label, value]) => `${label}${m.colon}${value}`),
    '',
    delivered,
    '',
    `${m.viewOrder}${m.colon}${input.orderUrl}`,
    '',
    '--',
    m.footer,
    input.siteTitle,
    '',
  ].join('\n');

  const e = escapeHtml;
  const cell = 'padding:8px 12px;border-bottom:1px solid #e5e7eb;vertical-align:top;';
  const tableRows = rows
    .map(
      ([label, value]) =>
        `<tr><td style="${cell}color:#6b7280;white-space:nowrap;">${e(label)}</td>` +
        `<td style="${cell}color:#111827;font-weight:600;">${e(value)}</td></tr>`,
    )
    .join('');
  const html =
    `<!DOCTYPE html><html lang="${language}"><head><meta charset="utf-8">` +
    `<title>${e(subject)}</title></head>` +
    `<body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;">` +
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px;">` +
    `<h1 style="margin:0 0 8px;font-size:20px;color:#111827;">${e(m.heading)}</h1>` +
    `<p style="margin:0 0 16px;font-size:14px;color:#374151;">${e(m.intro)}</p>` +
    `<table role="presentation" style="width:100%;border-collapse:collapse;font-size:14px;">${tableRows}</table>` +
    `<p style="margin:16px 0;font-size:14px;color:#374151;">${e(delivered)}</p>` +
    `<p style="margin:16px 0;"><a href="${e(input.orderUrl)}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:6px;font-size:14px;">${e(m.viewOrder)}</a></p>` +
    `<p style="margin:24px 0 0;font-size:12px;color:#9ca3af;">${e(m.footer)}<br>${e(input.siteTitle)}</p>` +
    `</div></body></html>`;

  return { subject, text, html };
}

/**
 * Renders and sends the receipt. The Mailer's MailMessage carries `to`, `subject` and `text`
 * only, so the plain-text body is what goes out; `html` is returned for when it gains a field.
 */
export async function sendReceipt(
  mail: Mailer,
  to: string,
  input: ReceiptInput,
): Promise<RenderedReceipt> {
  const receipt = renderReceipt(input);
  await mail.send({ to, subject: receipt.subject, text: receipt.text, html: receipt.html });
  return receipt;
}
