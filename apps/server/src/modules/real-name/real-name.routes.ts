// Real-name calls (docs/product/api.md#account-calls /api/user/real/info/query, /api/identity/save): the signed-in
// account's own information only.
import { api } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DataKey } from '../../lib/data-cipher';
import { registerCall } from '../../plugins/register-call';
import { createIdentityService } from './real-name.service';

export function registerIdentityRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<DB>; payloadKey: string; dataKeys: readonly DataKey[]; clock: Clock },
): void {
  const identity = createIdentityService(deps);
  registerCall(app, api.userRealInfoQuery, ({ session }) => identity.query(session.accountId));
  registerCall(app, api.identitySave, ({ session, body }) =>
    identity.save(session.accountId, body.data),
  );
}
