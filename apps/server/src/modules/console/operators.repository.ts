// Operators, their recovery codes and setup links (migration 0015-console, docs/console.md).
// Only this file and console-sessions.repository.ts touch these tables (ADR 0037).
import type { OperatorRole } from '@hc/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface OperatorRow {
  id: number;
  name: string;
  displayName: string;
  passwordHash: string | null;
  roles: OperatorRole[];
  totpSecretEnc: string | null;
  totpEnabledAt: Date | null;
  totpLastStep: number | null;
  disabledAt: Date | null;
  createdAt: Date;
}

type Raw = {
  id: number | string;
  name: string;
  display_name: string;
  password_hash: string | null;
  roles: string[];
  totp_secret_enc: string | null;
  totp_enabled_at: Date | null;
  totp_last_step: string | number | null;
  disabled_at: Date | null;
  created_at: Date;
};

function toRow(r: Raw): OperatorRow {
  return {
    id: Number(r.id),
    name: r.name,
    displayName: r.display_name,
    passwordHash: r.password_hash,
    roles: r.roles as OperatorRole[],
    totpSecretEnc: r.totp_secret_enc,
    totpEnabledAt: r.totp_enabled_at,
    totpLastStep: r.totp_last_step === null ? null : Number(r.totp_last_step),
    disabledAt: r.disabled_at,
    createdAt: r.created_at,
  };
}

export function createOperatorsRepository(db: Kysely<DB>) {
  return {
    async byName(name: string): Promise<OperatorRow | undefined> {
      const r = await db
        .selectFrom('operators')
        .selectAll()
        .where('name', '=', name)
        .executeTakeFirst();
      return r === undefined ? undefined : toRow(r);
    },

    async byId(id: number): Promise<OperatorRow | undefined> {
      const r = await db
        .selectFrom('operators')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return r === undefined ? undefined : toRow(r);
    },

    /** Locks the operator's row for the caller's transaction (`FOR UPDATE`). */
    async lockById(id: number): Promise<OperatorRow | undefined> {
      const r = await db
        .selectFrom('operators')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      return r === undefined ? undefined : toRow(r);
    },

    /**
     * Every enabled owner, rows locked (`FOR UPDATE`): the last-owner check and the change it
     * guards run in one transaction.
     */
    async lockEnabledOwners(): Promise<number[]> {
      const rows = await db
        .selectFrom('operators')
        .select('id')
        .where('disabled_at', 'is', null)
        .where(sql<boolean>`'owner' = any(roles)`)
        .orderBy('id')
        .forUpdate()
        .execute();
      return rows.map((r) => Number(r.id));
    },

    async all(): Promise<OperatorRow[]> {
      const rows = await db.selectFrom('operators').selectAll().orderBy('name').execute();
      return rows.map(toRow);
    },

    async count(): Promise<number> {
      const r = await db
        .selectFrom('operators')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /** Inserts an operator; undefined when the name is taken. */
    async insert(o: {
      name: string;
      displayName: string;
      roles: readonly OperatorRole[];
      passwordHash?: string | null;
      at: Date;
    }): Promise<number | undefined> {
      const r = await db
        .insertInto('operators')
        .values({
          name: o.name,
          display_name: o.displayName,
          roles: [...o.roles],
          password_hash: o.passwordHash ?? null,
          created_at: o.at,
        })
        .onConflict((oc) => oc.column('name').doNothing())
        .returning('id')
        .executeTakeFirst();
      return r === undefined ? undefined : Number(r.id);
    },

    async update(
      id: number,
      set: {
        displayName?: string;
        roles?: readonly OperatorRole[];
        disabledAt?: Date | null;
        passwordHash?: string;
      },
    ): Promise<void> {
      const values = {
        ...(set.displayName !== undefined && { display_name: set.displayName }),
        ...(set.roles !== undefined && { roles: [...set.roles] }),
        ...(set.disabledAt !== undefined && { disabled_at: set.disabledAt }),
        ...(set.passwordHash !== undefined && { password_hash: set.passwordHash }),
      };
      // Nothing to set: no statement (an empty SET is a syntax error).
      if (Object.keys(values).length === 0) return;
      await db.updateTable('operators').set(values).where('id', '=', id).execute();
    },

    /** A new pending TOTP secret (replaces a pending one; enrolment not confirmed yet). */
    async setPendingTotp(id: number, secretEnc: string): Promise<void> {
      await db
        .updateTable('operators')
        .set({ totp_secret_enc: secretEnc, totp_enabled_at: null, totp_last_step: null })
        .where('id', '=', id)
        .where('totp_enabled_at', 'is', null)
        .execute();
    },

    async enableTotp(id: number, step: number, at: Date): Promise<boolean> {
      const r = await db
        .updateTable('operators')
        .set({ totp_enabled_at: at, totp_last_step: step })
        .where('id', '=', id)
        .where('totp_enabled_at', 'is', null)
        .where('totp_secret_enc', 'is not', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /**
     * Records a TOTP time step as used; false when it (or a later one) was used already, so a
     * code is accepted once even by concurrent sign-ins.
     */
    async useTotpStep(id: number, step: number): Promise<boolean> {
      const r = await db
        .updateTable('operators')
        .set({ totp_last_step: step })
        .where('id', '=', id)
        .where(sql<boolean>`(totp_last_step is null or totp_last_step < ${step})`)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    async clearTotp(id: number): Promise<void> {
      await db
        .updateTable('operators')
        .set({ totp_secret_enc: null, totp_enabled_at: null, totp_last_step: null })
        .where('id', '=', id)
        .execute();
      await db.deleteFrom('operator_recovery_codes').where('operator_id', '=', id).execute();
    },

    /** Replaces the operator's recovery codes (stored as HMACs). */
    async replaceRecoveryCodes(id: number, hashes: readonly string[], at: Date): Promise<void> {
      await db.deleteFrom('operator_recovery_codes').where('operator_id', '=', id).execute();
      await db
        .insertInto('operator_recovery_codes')
        .values(hashes.map((h) => ({ operator_id: id, code_hash: h, created_at: at })))
        .execute();
    },

    /** Marks an unused recovery code used; false when none matches. */
    async useRecoveryCode(id: number, hash: string, at: Date): Promise<boolean> {
      const r = await db
        .updateTable('operator_recovery_codes')
        .set({ used_at: at })
        .where('operator_id', '=', id)
        .where('code_hash', '=', hash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** A new setup link; earlier unused links of the operator stop working. */
    async newSetupToken(id: number, tokenHash: string, at: Date, expiresAt: Date): Promise<void> {
      await db
        .updateTable('operator_setup_tokens')
        .set({ used_at: at })
        .where('operator_id', '=', id)
        .where('used_at', 'is', null)
        .execute();
      await db
        .insertInto('operator_setup_tokens')
        .values({ operator_id: id, token_hash: tokenHash, created_at: at, expires_at: expiresAt })
        .execute();
    },

    /** The live setup link with this hash (unused, not expired), locked for the caller's transaction. */
    async liveSetupToken(
      tokenHash: string,
      now: Date,
    ): Promise<{ id: number; operatorId: number; expiresAt: Date } | undefined> {
      const r = await db
        .selectFrom('operator_setup_tokens')
        .select(['id', 'operator_id', 'expires_at'])
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .forUpdate()
        .executeTakeFirst();
      return r === undefined
        ? undefined
        : { id: Number(r.id), operatorId: Number(r.operator_id), expiresAt: r.expires_at };
    },

    async useSetupToken(id: number, at: Date): Promise<void> {
      await db
        .updateTable('operator_setup_tokens')
        .set({ used_at: at })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type OperatorsRepository = ReturnType<typeof createOperatorsRepository>;
