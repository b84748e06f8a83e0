// Publisher keys for the operator CLI (`npm run portal -- publisher-key ...`, ADR 0039). A key is
// a public id (`pk_` + 24 hex) and a secret (32 random bytes, base64url) shown once and stored
// encrypted under DATA_KEY. At most two keys of a game are active at once, so a rotation has an
// overlap: `rotate` adds the new key (refused while two are active), the game switches to it,
// then `revoke` ends the old one. Every change is audited (actor_kind 'cli'), secrets never.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DataCipher } from '../../lib/data-cipher';
import { createAuditRepository } from '../audit/audit.repository';
import { secretContext } from './publisher-auth';
import { createPublisherKeysRepository } from './publisher-keys.repository';

export const MAX_ACTIVE_KEYS_PER_GAME = 2;

export class PublisherKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PublisherKeyError';
  }
}

export interface IssuedKey {
  gameId: number;
  keyId: string;
  /** Shown once; never stored in clear. */
  secret: string;
}

export interface KeyListing {
  keyId: string;
  createdAt: Date;
  revokedAt: Date | null;
}

export function createPublisherKeysService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  cipher: DataCipher;
  /** Who runs it, for the audit log (e.g. the OS user). */
  actor?: string;
}) {
  const { db, clock, cipher } = deps;
  const actor = deps.actor ?? 'cli';

  async function issue(gameId: number, action: 'create' | 'rotate'): Promise<IssuedKey> {
    return db.transaction().execute(async (trx) => {
      const keys = createPublisherKeysRepository(trx);
      if (!(await keys.lockGame(gameId))) throw new PublisherKeyError(`no game ${gameId}`);
      const active = (await keys.ofGame(gameId)).filter((k) => k.revokedAt === null);
      if (action === 'create' && active.length > 0)
        throw new PublisherKeyError(
          `game ${gameId} already has an active key (${active.map((k) => k.keyId).join(', ')}); use rotate`,
        );
      if (active.length >= MAX_ACTIVE_KEYS_PER_GAME)
        throw new PublisherKeyError(
          `game ${gameId} has ${active.length} active keys; revoke the old one first`,
        );
      const keyId = `pk_${randomBytes(12).toString('hex')}`;
      const secret = randomBytes(32).toString('base64url');
      const now = clock.now();
      await keys.insert({
        gameId,
        keyId,
        secretEnc: cipher.encrypt(secret, secretContext(keyId)),
        at: now,
      });
      await createAuditRepository(trx).append({
        actorKind: 'cli',
        actor,
        action: `publisher_key.${action}`,
        target: `game:${gameId}`,
        before: { active: active.map((k) => k.keyId) },
        after: { active: [...active.map((k) => k.keyId), keyId] },
        at: now,
      });
      return { gameId, keyId, secret };
    });
  }

  return {
    create: (gameId: number) => issue(gameId, 'create'),
    rotate: (gameId: number) => issue(gameId, 'rotate'),

    async revoke(gameId: number, keyId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const keys = createPublisherKeysRepository(trx);
        if (!(await keys.lockGame(gameId))) throw new PublisherKeyError(`no game ${gameId}`);
        const key = await keys.byKeyId(keyId);
        if (key === undefined || key.gameId !== gameId)
          throw new PublisherKeyError(`no key ${keyId} for game ${gameId}`);
        if (key.revokedAt !== null) throw new PublisherKeyError(`key ${keyId} is already revoked`);
        const now = clock.now();
        await keys.revoke(keyId, now);
        await createAuditRepository(trx).append({
          actorKind: 'cli',
          actor,
          action: 'publisher_key.revoke',
          target: `game:${gameId}`,
          before: { key_id: keyId, revoked: false },
          after: { key_id: keyId, revoked: true },
          at: now,
        });
      });
    },

    async list(gameId: number): Promise<KeyListing[]> {
      const rows = await createPublisherKeysRepository(db).ofGame(gameId);
      return rows.map((k) => ({ keyId: k.keyId, createdAt: k.createdAt, revokedAt: k.revokedAt }));
    },
  };
}

export type PublisherKeysService = ReturnType<typeof createPublisherKeysService>;
