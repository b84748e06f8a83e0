// Outgoing email behind one interface: SMTP through nodemailer (SMTP_URL) and the dev outbox.
import nodemailer from 'nodemailer';
import type { Outbox } from '../outbox/outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
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
