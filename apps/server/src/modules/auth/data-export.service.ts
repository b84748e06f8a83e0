// "Download my data" (docs/product/account.md#download-my-data, ADR 0049): one JSON document with
// everything the portal keeps about the signed-in account, streamed as a file. Times are ISO 8601
// in UTC, money integer minor units with the currency. Left out: password hashes (has_password
// only), token hashes, and other players' data.
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { deviceSummary } from '../../lib/device';
import type { RealNameService } from '../real-name/real-name.service';
import { orderNumberOf } from '../orders/records.service';
import { createDataExportRepository } from './data-export.repository';

export const EXPORT_FORMAT = 'hc-portal-data/1';

const iso = (d: Date | string | null | undefined) =>
  d === null || d === undefined ? null : new Date(d).toISOString();

/** The file name: `hc-portal-data-<login>-<YYYY-MM-DD>.json` (the login name made file-safe). */
export function exportFileName(account: string, at: Date): string {
  const safe = account.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 64);
  return `hc-portal-data-${safe}-${at.toISOString().slice(0, 10)}.json`;
}

export function createDataExportService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  realName: RealNameService;
}) {
  const repo = createDataExportRepository(deps.db);

  async function document(accountId: number) {
    const [profile, social, games, sessions, orders, ledger, realName, redemptions] =
      await Promise.all([
        repo.profile(accountId),
        repo.socialIdentities(accountId),
        repo.gameAccounts(accountId),
        repo.sessions(accountId),
        repo.orders(accountId),
        repo.ledger(accountId),
        deps.realName.ownerCopy(accountId),
        repo.redemptions(accountId),
      ]);
    if (profile === undefined) return undefined;
    const birthday = profile.birthday;
    return {
      account: profile.account,
      body: {
        format: EXPORT_FORMAT,
        exported_at: iso(deps.clock.now()),
        profile: {
          account_id: Number(profile.id),
          login_name: profile.account,
          email: profile.email,
          phone: profile.phone,
          has_password: profile.password_hash !== null,
          birthday:
            birthday === null
              ? null
              : typeof birthday === 'string'
                ? birthday.slice(0, 10)
                : birthday.toISOString().slice(0, 10),
          language: profile.language,
          created_at: iso(profile.created_at),
          terms: { version: profile.terms_version, accepted_at: iso(profile.terms_accepted_at) },
          privacy: {
            version: profile.privacy_version,
            accepted_at: iso(profile.privacy_accepted_at),
          },
        },
        social_sign_ins: social.map((s) => ({
          provider: s.provider,
          name: s.name,
          email: s.email,
          linked_at: iso(s.created_at),
          last_sign_in_at: iso(s.last_login_at),
        })),
        game_accounts: games.map((g) => ({
          game_account_id: Number(g.id),
          game_id: g.game_id,
          game: g.game_name,
          uid: g.uid,
          display_name: g.display_name,
          bound_at: iso(g.bound_at),
          unbound_at: iso(g.unbound_at),
        })),
        sessions: sessions.map((s) => ({
          ...deviceSummary(s.user_agent),
          user_agent: s.user_agent,
          ip: s.ip,
          created_at: iso(s.created_at),
          last_seen_at: iso(s.last_seen_at),
          ended_at: iso(s.revoked_at),
        })),
        orders: orders.map((o) => ({
          order_number: o.sdk_order_id,
          game_id: o.game_id,
          game_account_id: Number(o.game_account_id),
          server: o.server_name,
          role_id: o.role_id,
          role_name: o.role_name,
          kind: o.kind,
          item: o.item_name,
          price: o.price,
          currency: o.currency,
          hc_point: o.hc_amount,
          hc_point_bonus: o.hc_gift,
          hc_point_price: o.hc_price,
          payment_method: o.channel_code,
          provider: o.provider,
          status: o.status,
          created_at: iso(o.created_at),
          paid_at: iso(o.paid_at),
          completed_at: iso(o.completed_at),
        })),
        hc_point_ledger: ledger.map((e) => ({
          game_account_id: Number(e.game_account_id),
          bucket: e.kind,
          amount: Number(e.amount),
          movement: e.transfer,
          reference: orderNumberOf(e.idempotency_key),
          at: iso(e.created_at),
        })),
        real_name: realName,
        gift_code_redemptions: redemptions.map((r) => ({
          batch: r.batch,
          game_id: r.game_id,
          game_account_id: Number(r.game_account_id),
          server: r.server_name,
          role_id: r.role_id,
          role_name: r.role_name,
          status: r.status,
          redeemed_at: iso(r.created_at),
          delivered_at: iso(r.delivered_at),
        })),
      },
    };
  }

  return {
    /** The file of the account's data, or undefined for an account that no longer exists. */
    async export(accountId: number): Promise<{ filename: string; body: Readable } | undefined> {
      const doc = await document(accountId);
      if (doc === undefined) return undefined;
      const text = JSON.stringify(doc.body, null, 2);
      return {
        filename: exportFileName(doc.account, deps.clock.now()),
        body: Readable.from([text], { objectMode: false }),
      };
    },
  };
}

export type DataExportService = ReturnType<typeof createDataExportService>;
