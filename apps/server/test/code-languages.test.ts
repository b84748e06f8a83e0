// Verification code mails and SMS in the request's language (docs/product/languages.md): the
// `lang` header (else Accept-Language) picks the texts of the server's message catalogue
// (src/messages); an unknown language gets en-US. Read from the dev outbox.
import { api } from '@hc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/call';
import { codeIn, login, makeAccount } from './support/auth-fixtures';
import { testDatabases } from './support/databases';
import { createTestApp, type TestApp } from './support/helper';

interface OutboxEntry {
  channel: string;
  recipient: string;
  subject: string;
  body: string;
}

describe.each(testDatabases())('verification code languages on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { DEV_OUTBOX: 'true' } });
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
  });

  /** The newest outbox message to `recipient`. */
  async function lastTo(recipient: string): Promise<OutboxEntry> {
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox.json' });
    const { messages } = res.json<{ messages: OutboxEntry[] }>();
    const found = messages.find((m) => m.recipient === recipient);
    if (found === undefined) throw new Error(`nothing sent to ${recipient}`);
    return found;
  }
  const sixDigits = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

  it('mails a code requested with lang ja-JP in Japanese, and the code signs in', async () => {
    const a = await makeAccount(t.database.db);
    const sent = await call(
      t.app,
      api.userEmailCodeSend,
      { target: a.email, purpose: 'login' },
      { headers: { lang: 'ja-JP' } },
    );
    expect(sent.code).toBe(0);
    const mail = await lastTo(a.email);
    expect(mail.channel).toBe('email');
    expect(mail.subject).toBe('認証コードのお知らせ');
    expect(mail.body).toMatch(/^認証コードは \d{6} です。有効期限は10分です。/);
    expect(mail.body).not.toContain('verification code');
    const ok = await login(t.app, t.config.payloadKey, 'email', a.email, sixDigits(mail.body));
    expect(ok.code).toBe(0);
  });

  it('sends a reset code by SMS in German (formal) and follows Accept-Language without lang', async () => {
    const a = await makeAccount(t.database.db);
    expect(
      (
        await call(
          t.app,
          api.userPhoneCodeSend,
          { target: a.phone, purpose: 'reset' },
          { headers: { lang: 'de-DE' } },
        )
      ).code,
    ).toBe(0);
    const sms = await lastTo(a.phone);
    expect(sms.channel).toBe('sms');
    expect(sms.body).toMatch(/^Ihr Bestätigungscode lautet \d{6} und ist 10 Minuten gültig\./);
    expect(sms.body).toContain('Sie');

    const b = await makeAccount(t.database.db);
    await call(
      t.app,
      api.userEmailCodeSend,
      { target: b.email, purpose: 'login' },
      { headers: { 'accept-language': 'ko-KR,ko;q=0.9' } },
    );
    expect((await lastTo(b.email)).subject).toBe('인증번호 안내');
  });

  it('answers an unknown language, or none, in English', async () => {
    for (const headers of [{ lang: 'fr-FR' }, {}]) {
      const a = await makeAccount(t.database.db);
      await call(t.app, api.userEmailCodeSend, { target: a.email, purpose: 'login' }, { headers });
      const mail = await lastTo(a.email);
      expect(mail.subject).toBe('Your verification code');
      expect(mail.body).toContain('It expires in 10 minutes.');
      expect(codeIn(mail.body)).toMatch(/^\d{6}$/);
    }
  });
});
