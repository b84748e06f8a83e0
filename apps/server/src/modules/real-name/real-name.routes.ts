// Real-name calls (docs/product/api.md#account-calls /api/user/real/info/query,
// /api/identity/save): the signed-in account's own information only.
import { api } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { registerCall } from '../../plugins/register-call';

export function register(app: FastifyInstance, c: Container): void {
  const { realName } = c;
  registerCall(app, api.userRealInfoQuery, ({ session }) => realName.query(session.accountId));
  registerCall(app, api.identitySave, ({ session, body }) =>
    realName.save(session.accountId, body.data),
  );
}
