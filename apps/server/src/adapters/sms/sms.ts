// Outgoing SMS behind one interface: Twilio's REST API shape (Messages.json) and the dev outbox.
import type { Outbox } from '../outbox/outbox';

export interface SmsMessage {
  /** E.164 number. */
  to: string;
  body: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export class SmsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsError';
  }
}

export interface TwilioOptions {
  /** e.g. https://api.twilio.com (SMS_BASE_URL), without a trailing slash. */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** POST {base}/2010-04-01/Accounts/{SID}/Messages.json, basic auth, form body To/From/Body. */
export function createTwilioSms(options: TwilioOptions): SmsSender {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const auth = Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64');
  return {
    async send(message) {
      const res = await doFetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${auth}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ To: message.to, From: options.from, Body: message.body }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (res.status !== 201 && res.status !== 200) {
        const text = (await res.text()).slice(0, 300);
        throw new SmsError(`SMS provider answered HTTP ${res.status}: ${text}`);
      }
      await res.body?.cancel();
    },
  };
}

export function createOutboxSms(outbox: Outbox): SmsSender {
  return {
    send: (m) => outbox.add({ channel: 'sms', recipient: m.to, subject: 'SMS', body: m.body }),
  };
}

/** Sends through every given sender in turn; undefined when there is none (not configured). */
export function combineSmsSenders(senders: readonly SmsSender[]): SmsSender | undefined {
  if (senders.length === 0) return undefined;
  return {
    async send(message) {
      for (const s of senders) await s.send(message);
    },
  };
}
