// Sign-in configuration: the dev outbox is off unless asked for, SMS needs all three
// Twilio variables, SMTP_URL must be smtp(s):// and is never echoed in errors.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

describe('sign-in configuration', () => {
  it('defaults: outbox off, no SMTP, no SMS, single device on', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      devOutbox: false,
      smtpUrl: undefined,
      twilio: undefined,
      sessionSingleDevice: true,
      smsBaseUrl: 'https://api.twilio.com',
    });
  });

  it('turns SMS on only with SID, token and sender', () => {
    const partial = loadConfig({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't' });
    expect(partial.twilio).toBeUndefined();
    const full = loadConfig({
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 't',
      SMS_FROM: '+15550000',
      SMS_BASE_URL: 'http://127.0.0.1:9999/',
    });
    expect(full.twilio).toEqual({ accountSid: 'AC1', authToken: 't', from: '+15550000' });
    expect(full.smsBaseUrl).toBe('http://127.0.0.1:9999');
  });

  it('rejects a non-SMTP SMTP_URL without echoing it', () => {
    let error: unknown;
    try {
      loadConfig({ SMTP_URL: 'http://user:hunter2@mail.example.com' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(String(error)).toContain('SMTP_URL');
    expect(String(error)).not.toContain('hunter2');
  });
});
