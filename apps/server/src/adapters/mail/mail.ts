// Outgoing email behind one interface: SMTP through nodemailer (SMTP_URL) and the dev outbox.
import nodemailer from 'nodemailer';
import type { Outbox } from '../outbox/outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Optional HTML alternative (receipts); the text part is always sent. */
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP_URL like smtp://user:pass@host:587 (STARTTLS when offered) or smtps://...:465. */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
  };
}

export function createOutboxMailer(outbox: Outbox): Mailer {
  return {
    send: (m) =>
      outbox.add({ channel: 'email', recipient: m.to, subject: m.subject, body: m.text }),
  };
}

/** Sends through every given mailer in turn; undefined when there is none (not configured). */
export function combineMailers(mailers: readonly Mailer[]): Mailer | undefined {
  if (mailers.length === 0) return undefined;
  return {
    async send(message) {
      for (const m of mailers) await m.send(message);
    },
  };
}

/**
 * The mailer from config: the dev outbox first (when DEV_OUTBOX is on, so a tester sees the
 * message even when SMTP fails), then SMTP. Sign-in codes and order receipts share it.
 */
export function mailerFromConfig(
  config: { smtpUrl: string | undefined; mailFrom: string },
  outbox: Outbox | undefined,
): Mailer | undefined {
  const mailers: Mailer[] = [];
  if (outbox !== undefined) mailers.push(createOutboxMailer(outbox));
  if (config.smtpUrl !== undefined)
    mailers.push(createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom }));
  return combineMailers(mailers);
}
