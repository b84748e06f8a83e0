// Fixtures for the sign-in tests: a real SMTP server (smtp-server), a local HTTP server that
// speaks Twilio's Messages.json API, accounts, and encrypted login/reset requests.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { api, encryptPayload, type CallBody } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { SMTPServer } from 'smtp-server';
import type { DB } from '../../src/db/schema';
import { hashPassword } from '../../src/lib/password';
import { createAccountsRepository } from '../../src/modules/auth/accounts.repository';
import { call } from './call';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on port 0 (no TLS, auth optional) collecting every message. */
export async function startSmtp(): Promise<{
  url: string;
  mails: ReceivedMail[];
  close: () => Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'tester' && auth.password === 'secret')
        callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://tester:secret@127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ReceivedSms {
  path: string;
  authorization: string | undefined;
  form: Record<string, string>;
}

export const TWILIO = {
  sid: 'ACtest0000000000000000000000000000',
  token: 'tw-secret',
  from: '+15550009999',
};

/** Server env that sends mail to `smtpUrl` and SMS to the local Twilio at `twilioBaseUrl`. */
export function messagingEnv(smtpUrl: string, twilioBaseUrl: string): Record<string, string> {
  return {
    SMTP_URL: smtpUrl,
    SMS_BASE_URL: twilioBaseUrl,
    TWILIO_ACCOUNT_SID: TWILIO.sid,
    TWILIO_AUTH_TOKEN: TWILIO.token,
    SMS_FROM: TWILIO.from,
  };
}

/** Twilio-shaped SMS API: checks path, basic auth and form; answers 201 with a message JSON. */
export async function startTwilio(): Promise<{
  baseUrl: string;
  sms: ReceivedSms[];
  close: () => Promise<void>;
}> {
  const sms: ReceivedSms[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${TWILIO.sid}:${TWILIO.token}`).toString('base64')}`;
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const server = createServer((req, res) => {
    void readBody(req).then((text) => {
      const form = Object.fromEntries(new URLSearchParams(text));
      sms.push({ path: req.url ?? '', authorization: req.headers.authorization, form });
      const ok =
        req.method === 'POST' &&
        req.url === `/2010-04-01/Accounts/${TWILIO.sid}/Messages.json` &&
        req.headers.authorization === expectedAuth &&
        req.headers['content-type']?.startsWith('application/x-www-form-urlencoded') === true;
      res.writeHead(ok ? 201 : 401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          ok
            ? {
                sid: 'SM' + '0'.repeat(32),
                status: 'queued',
                to: form.To,
                from: form.From,
                body: form.Body,
              }
            : { code: 20003, message: 'Authenticate', status: 401 },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    sms,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code in a text (mail source or SMS body). */
export function codeIn(text: string): string {
  const m = /verification code is (\d{6})/.exec(text);
  if (m?.[1] === undefined) throw new Error(`no code in: ${text.slice(0, 200)}`);
  return m[1];
}

let seq = 0;
/** A fresh account with a password, email and phone, unique per call. */
export async function makeAccount(
  db: Kysely<DB>,
  password = 'Str0ng!pass',
): Promise<{ id: number; account: string; email: string; phone: string; password: string }> {
  seq += 1;
  const n = `${process.pid % 1000}${seq}`.padStart(6, '0');
  const account = `player${n}`;
  const email = `Player${n}@Example.com`;
  const phone = `+1555${n.slice(-6)}99`;
  const id = await createAccountsRepository(db).insert({
    account,
    email,
    phone,
    passwordHash: await hashPassword(password),
  });
  return { id, account, email, phone, password };
}

export async function login(
  app: FastifyInstance,
  key: string,
  channel: 'account' | 'email' | 'phone',
  account: string,
  secret: string,
  options: { remember?: boolean; ip?: string } = {},
) {
  const body: CallBody<typeof api.userLogin> = {
    channel_code: channel,
    account,
    passwd: await encryptPayload(key, secret),
    encrypt: 1,
    ...(options.remember !== undefined && { remember: options.remember }),
  };
  return call(app, api.userLogin, body, { ...(options.ip && { ip: options.ip }) });
}
