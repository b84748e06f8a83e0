// Data access of `portal import-accounts` (docs/import.md, ADR 0043). Built over one pinned
// connection (the run's temporary table lives in that session) or a transaction on it; every
// statement handles a whole batch (arrays bound as one parameter each, multi-row INSERT …
// ON CONFLICT DO NOTHING), so a batch of 1,000 rows costs a handful of round trips.
import { sql, type Kysely } from 'kysely';
import type { DB, ImportedPasswordFormat } from '../../db/schema';

export interface ExistingAccount {
  id: number;
  account: string;
  email: string | null;
  phone: string | null;
  passwordHash: string | null;
  passwordFormat: ImportedPasswordFormat | null;
  importSource: string | null;
}

export interface ExistingBinding {
  id: number;
  gameId: number;
  uid: string;
  accountId: number;
  displayName: string | null;
  unbound: boolean;
}

export interface NewImportedAccount {
  account: string;
  email: string | null;
  phone: string | null;
  passwordHash: string | null;
  passwordFormat: ImportedPasswordFormat | null;
}

export interface NewBinding {
  accountId: number;
  gameId: number;
  uid: string;
  displayName: string | null;
}

/** A key of a row seen earlier in the file (kind a/e/p/u) and the line it was first seen on. */
export interface SeenKey {
  kind: string;
  key: string;
  line: number;
}

export function createImportRepository(db: Kysely<DB>) {
  return {
    /** The run's memory of keys already seen, in the connection's session (dropped at the end). */
    async openSeen(): Promise<void> {
      await sql`create temporary table if not exists import_seen (
        kind text not null, key text not null, line integer not null, primary key (kind, key)
      )`.execute(db);
      await sql`truncate import_seen`.execute(db);
    },

    async closeSeen(): Promise<void> {
      await sql`drop table if exists import_seen`.execute(db);
    },

    /** Remembers the keys; answers those seen before this call, with their first line. */
    async markSeen(keys: SeenKey[]): Promise<SeenKey[]> {
      if (keys.length === 0) return [];
      const result = await sql<SeenKey>`
        with input as (
          select * from unnest(${keys.map((k) => k.kind)}::text[], ${keys.map((k) => k.key)}::text[],
            ${keys.map((k) => k.line)}::int[]) as t(kind, key, line)
        ), added as (
          insert into import_seen (kind, key, line) select kind, key, line from input
          on conflict do nothing
        )
        -- The insert runs whatever reads it; this join sees the table as it was before.
        select i.kind, i.key, s.line from input i join import_seen s using (kind, key)`.execute(db);
      return result.rows.map((r) => ({ kind: r.kind, key: r.key, line: Number(r.line) }));
    },

    async gameIds(): Promise<number[]> {
      const rows = await db.selectFrom('games').select('id').execute();
      return rows.map((r) => r.id);
    },

    async accountsByName(names: string[]): Promise<ExistingAccount[]> {
      if (names.length === 0) return [];
      const rows = await db
        .selectFrom('accounts')
        .select([
          'id',
          'account',
          'email',
          'phone',
          'password_hash',
          'password_format',
          'import_source',
        ])
        .where('account', '=', sql<string>`any(${names}::text[])`)
        .forUpdate()
        .execute();
      return rows.map((r) => ({
        id: r.id,
        account: r.account,
        email: r.email === null ? null : r.email.toLowerCase(),
        phone: r.phone,
        passwordHash: r.password_hash,
        passwordFormat: r.password_format,
        importSource: r.import_source,
      }));
    },

    /** Holders of these emails (lower case in, lower case out). */
    async emailHolders(emails: string[]): Promise<Array<{ id: number; email: string }>> {
      if (emails.length === 0) return [];
      const result = await sql<{ id: number; email: string }>`
        select id, lower(email) as email from accounts
        where lower(email) = any(${emails}::text[])`.execute(db);
      return result.rows.map((r) => ({ id: Number(r.id), email: r.email }));
    },

    async phoneHolders(phones: string[]): Promise<Array<{ id: number; phone: string }>> {
      if (phones.length === 0) return [];
      const rows = await db
        .selectFrom('accounts')
        .select(['id', 'phone'])
        .where('phone', '=', sql<string>`any(${phones}::text[])`)
        .execute();
      return rows.map((r) => ({ id: r.id, phone: r.phone ?? '' }));
    },

    /** Game accounts with these (game, uid) pairs, bound or not. */
    async bindingsByUid(pairs: Array<{ gameId: number; uid: string }>): Promise<ExistingBinding[]> {
      if (pairs.length === 0) return [];
      const result = await sql<{
        id: number;
        game_id: number;
        uid: string;
        account_id: number;
        display_name: string | null;
        unbound_at: Date | null;
      }>`
        select ga.id, ga.game_id, ga.uid, ga.account_id, ga.display_name, ga.unbound_at
        from game_accounts ga
        join unnest(${pairs.map((p) => p.gameId)}::int[], ${pairs.map((p) => p.uid)}::text[])
          as k(game_id, uid) on ga.game_id = k.game_id and ga.uid = k.uid`.execute(db);
      return result.rows.map(toBinding);
    },

    /** The bound game accounts of these portal accounts. */
    async bindingsOfAccounts(accountIds: number[]): Promise<ExistingBinding[]> {
      if (accountIds.length === 0) return [];
      const rows = await db
        .selectFrom('game_accounts')
        .select(['id', 'game_id', 'uid', 'account_id', 'display_name', 'unbound_at'])
        .where('account_id', '=', sql<number>`any(${accountIds}::bigint[])`)
        .where('unbound_at', 'is', null)
        .execute();
      return rows.map(toBinding);
    },

    /** Inserts the accounts; answers the ids of those inserted (a conflict inserts nothing). */
    async insertAccounts(
      accounts: NewImportedAccount[],
      source: string,
      at: Date,
    ): Promise<Array<{ id: number; account: string }>> {
      if (accounts.length === 0) return [];
      const result = await sql<{ id: number; account: string }>`
        insert into accounts
          (account, email, phone, password_hash, password_format, import_source, imported_at)
        select a, e, p, h, f, ${source}, ${at}::timestamptz
        from unnest(${accounts.map((a) => a.account)}::text[],
          ${accounts.map((a) => a.email)}::text[], ${accounts.map((a) => a.phone)}::text[],
          ${accounts.map((a) => a.passwordHash)}::text[],
          ${accounts.map((a) => a.passwordFormat)}::text[]) as t(a, e, p, h, f)
        on conflict do nothing
        returning id, account`.execute(db);
      return result.rows.map((r) => ({ id: Number(r.id), account: r.account }));
    },

    /** Binds game accounts; answers the account ids bound (a conflict binds nothing). */
    async insertBindings(bindings: NewBinding[], at: Date): Promise<number[]> {
      if (bindings.length === 0) return [];
      const result = await sql<{ account_id: number }>`
        insert into game_accounts (account_id, game_id, uid, display_name, created_at, bound_at)
        select a, g, u, d, ${at}::timestamptz, ${at}::timestamptz
        from unnest(${bindings.map((b) => b.accountId)}::bigint[],
          ${bindings.map((b) => b.gameId)}::int[], ${bindings.map((b) => b.uid)}::text[],
          ${bindings.map((b) => b.displayName)}::text[]) as t(a, g, u, d)
        on conflict do nothing
        returning account_id`.execute(db);
      return result.rows.map((r) => Number(r.account_id));
    },

    /** Accounts this batch inserted whose binding could not be made (nothing stays of them). */
    async deleteAccounts(ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .deleteFrom('accounts')
        .where('id', '=', sql<number>`any(${ids}::bigint[])`)
        .execute();
    },

    /** A re-imported row changed an account of the same source. */
    async updateAccount(
      id: number,
      change: {
        email?: string | null;
        phone?: string | null;
        passwordHash?: string | null;
        passwordFormat?: ImportedPasswordFormat | null;
      },
      at: Date,
    ): Promise<void> {
      await db
        .updateTable('accounts')
        .set({
          ...(change.email !== undefined && { email: change.email }),
          ...(change.phone !== undefined && { phone: change.phone }),
          ...(change.passwordHash !== undefined && { password_hash: change.passwordHash }),
          ...(change.passwordFormat !== undefined && { password_format: change.passwordFormat }),
          imported_at: at,
        })
        .where('id', '=', id)
        .execute();
    },

    async setDisplayName(bindingId: number, displayName: string | null): Promise<void> {
      await db
        .updateTable('game_accounts')
        .set({ display_name: displayName })
        .where('id', '=', bindingId)
        .execute();
    },
  };
}

function toBinding(r: {
  id: number;
  game_id: number;
  uid: string;
  account_id: number;
  display_name: string | null;
  unbound_at: Date | null;
}): ExistingBinding {
  return {
    id: Number(r.id),
    gameId: Number(r.game_id),
    uid: r.uid,
    accountId: Number(r.account_id),
    displayName: r.display_name,
    unbound: r.unbound_at !== null,
  };
}

export type ImportRepository = ReturnType<typeof createImportRepository>;
