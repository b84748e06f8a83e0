// Notices about changes to an account (ADR 0049), in the account's language (en-US when it has
// none): a mail to its email, else an SMS to its phone; a changed email's old address gets a mail
// and a changed phone's old number an SMS. Texts `account.*` of the message catalogue. A notice
// that cannot be sent is logged and never undoes the change it reports.
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mail/mail';
import type { SmsSender } from '../../adapters/sms/sms';
import { formatMessage, messageLanguage, messagesFor } from '../../messages';

export interface NoticeTarget {
  account: string;
  email: string | null;
  phone: string | null;
  language: string | null;
}

type Notice = 'passwordChanged' | 'deletionScheduled' | 'deletionCancelled';

/** A day in words in the reader's language, e.g. "29 January 2026" (UTC). */
export function noticeDate(at: Date, language: string | null): string {
  return new Intl.DateTimeFormat(messageLanguage(language ?? undefined), {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(at);
}

export function createAccountNotices(deps: {
  mailer: Mailer | undefined;
  sms: SmsSender | undefined;
  log: FastifyBaseLogger;
}) {
  async function guarded(what: string, send: () => Promise<void> | undefined): Promise<void> {
    try {
      await send();
    } catch (err) {
      deps.log.warn({ err, notice: what }, 'account notice not sent');
    }
  }

  return {
    /** A notice to the account's own address (mail first, else SMS). */
    async send(
      notice: Notice,
      to: NoticeTarget,
      values: Record<string, string> = {},
    ): Promise<void> {
      const t = messagesFor(to.language ?? undefined);
      const all = { account: to.account, ...values };
      if (to.email !== null) {
        const email = to.email;
        const subject = formatMessage(t[`account.${notice}.subject`], all);
        const text = formatMessage(t[`account.${notice}.text`], all);
        await guarded(notice, () => deps.mailer?.send({ to: email, subject, text }));
      } else if (to.phone !== null) {
        const phone = to.phone;
        const body = formatMessage(t[`account.${notice}.sms`], all);
        await guarded(notice, () => deps.sms?.send({ to: phone, body }));
      }
    },

    /** The old address of a changed email (mail) or phone (SMS), naming the new one. */
    async contactChanged(
      channel: 'email' | 'phone',
      oldAddress: string,
      newAddress: string,
      to: NoticeTarget,
    ): Promise<void> {
      const t = messagesFor(to.language ?? undefined);
      const values = { account: to.account, address: newAddress };
      if (channel === 'email') {
        const subject = t['account.emailChanged.subject'];
        const text = formatMessage(t['account.emailChanged.text'], values);
        await guarded('emailChanged', () => deps.mailer?.send({ to: oldAddress, subject, text }));
      } else {
        const body = formatMessage(t['account.phoneChanged.sms'], values);
        await guarded('phoneChanged', () => deps.sms?.send({ to: oldAddress, body }));
      }
    },
  };
}

export type AccountNotices = ReturnType<typeof createAccountNotices>;
