// Receipt email: nine languages (docs/product/languages.md) with en-US fallback (docs/product/languages.md#fallback),
// currency minor units, HC Point balance on coin packs only, HTML escaping, sending via Mailer.
import { LANGUAGES } from '@hc/contract';
import { describe, expect, it } from 'vitest';
import type { MailMessage, Mailer } from '../../adapters/mail/mail';
import { formatMoney, renderReceipt, sendReceipt, type ReceiptInput } from './receipt';

const completedAt = new Date(Date.UTC(2026, 10, 23, 4, 5, 0));

const gamePack: ReceiptInput = {
  language: 'en-US',
  siteTitle: 'HC Portal',
  orderId: 'HC20261123000042',
  itemName: 'Dragon Starter Pack',
  amount: 1999,
  currency: 'USD',
  completedAt,
  orderUrl: 'https://portal.example/main/recharge/detail/HC20261123000042',
};

const coinPack: ReceiptInput = {
  ...gamePack,
  itemName: '1,000 HC Point',
  amount: 999,
  hcBalance: 12_345,
  hcCredited: { basic: 1000, present: 100 },
};

// A word only that language's receipt uses, so a copy-pasted translation would fail.
const coinBalanceLabel: Record<string, string> = {
  'en-US': 'HC Point balance',
  'zh-CN': 'HC 点余额',
  'zh-HK': 'HC 點結餘',
  'zh-TW': 'HC 點餘額',
  'th-TH': 'ยอดคงเหลือ HC Point',
  'ko-KR': 'HC 포인트 잔액',
  'ja-JP': 'HCポイント残高',
  'vi-VN': 'Số dư HC Point',
  'de-DE': 'HC-Point-Guthaben',
};

describe('renderReceipt', () => {
  it.each(LANGUAGES)('renders %s with the order id and the amount', (language) => {
    const r = renderReceipt({ ...coinPack, language });
    const amount = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(
      9.99,
    );
    expect(r.subject).toContain(coinPack.orderId);
    expect(r.subject).toContain('HC Portal');
    for (const body of [r.text, r.html]) {
      expect(body).toContain(coinPack.orderId);
      expect(body).toContain(amount);
      expect(body).toContain(coinBalanceLabel[language]);
    }
    expect(r.html).toContain(`lang="${language}"`);
    expect(r.text).toContain('UTC');
  });

  it('translates: every language has its own subject and body', () => {
    const subjects = new Set(
      LANGUAGES.map((language) => renderReceipt({ ...gamePack, language }).subject),
    );
    const texts = new Set(
      LANGUAGES.map((language) => renderReceipt({ ...gamePack, language }).text),
    );
    expect(subjects.size).toBe(LANGUAGES.length);
    expect(texts.size).toBe(LANGUAGES.length);
  });

  it('formats amounts and dates for the language', () => {
    const de = renderReceipt({ ...gamePack, language: 'de-DE', currency: 'EUR' });
    expect(de.text).toContain('19,99\u00a0€');
    expect(de.text).toContain('23. November 2026 um 04:05 UTC');
    const en = renderReceipt(gamePack);
    expect(en.text).toContain('Amount paid: $19.99');
    expect(en.text).toContain('November 23, 2026');
  });

  it('shows the HC Point credit and balance for a coin pack only', () => {
    const coins = renderReceipt(coinPack);
    expect(coins.text).toContain('HC Point added: 1,100 (including 100 bonus)');
    expect(coins.text).toContain('HC Point balance: 12,345');
    expect(coins.html).toContain('12,345');

    const game = renderReceipt(gamePack);
    expect(game.text).not.toContain('HC Point balance');
    expect(game.text).not.toContain('HC Point added');
    expect(game.html).not.toContain('HC Point balance');
    expect(game.text).toContain('delivered to your character');
  });

  it('omits the bonus part when the credit has none', () => {
    const r = renderReceipt({ ...coinPack, hcCredited: { basic: 500, present: 0 } });
    expect(r.text).toContain('HC Point added: 500\n');
  });

  it('escapes every dynamic value in the HTML', () => {
    const r = renderReceipt({
      ...coinPack,
      itemName: '<script>alert("x")</script>',
      orderId: 'A&B<1>',
      siteTitle: 'Site "One"',
      orderUrl: 'https://portal.example/x?a=1&b="2"',
    });
    expect(r.html).not.toContain('<script>');
    expect(r.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(r.html).toContain('A&amp;B&lt;1&gt;');
    expect(r.html).toContain('Site &quot;One&quot;');
    expect(r.html).toContain('href="https://portal.example/x?a=1&amp;b=&quot;2&quot;"');
    // The plain-text body carries the name as is.
    expect(r.text).toContain('<script>alert("x")</script>');
  });

  it('keeps the subject on one line', () => {
    const r = renderReceipt({ ...gamePack, siteTitle: 'HC\r\nBcc: victim@example.com' });
    expect(r.subject).not.toMatch(/[\r\n]/);
  });

  it("uses the currency's fraction digits for minor units", () => {
    expect(renderReceipt({ ...gamePack, amount: 500, currency: 'JPY' }).text).toContain(
      'Amount paid: ¥500\n',
    );
    expect(formatMoney('en-US', 500, 'JPY')).toBe('¥500');
    expect(formatMoney('en-US', 12_345, 'KWD')).toBe('KWD\u00a012.345');
    expect(formatMoney('en-US', 100, 'USD')).toBe('$1.00');
  });

  it('falls back to en-US for an unknown language and maps near tags', () => {
    const fallback = renderReceipt({ ...gamePack, language: 'fr-FR' });
    expect(fallback).toEqual(renderReceipt(gamePack));
    expect(renderReceipt({ ...gamePack, language: '' }).subject).toBe(
      renderReceipt(gamePack).subject,
    );
    expect(renderReceipt({ ...gamePack, language: 'de-AT' }).subject).toBe(
      renderReceipt({ ...gamePack, language: 'de-DE' }).subject,
    );
  });
});

describe('sendReceipt', () => {
  it('sends the rendered receipt through the mailer', async () => {
    const sent: MailMessage[] = [];
    const mailer: Mailer = {
      send: (m) => {
        sent.push(m);
        return Promise.resolve();
      },
    };
    const r = await sendReceipt(mailer, 'player@example.com', { ...coinPack, language: 'ja-JP' });
    expect(sent).toEqual([
      { to: 'player@example.com', subject: r.subject, text: r.text, html: r.html },
    ]);
    expect(sent[0]?.subject).toContain('ご購入明細');
    expect(sent[0]?.text).toContain(formatMoney('ja-JP', 999, 'USD'));
  });
});
