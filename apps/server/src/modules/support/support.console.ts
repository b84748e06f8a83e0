// The console's player support and HC Point adjustment calls (docs/console.md#support-players).
// Roles, session and CSRF are checked by registerCall from the contract before a handler runs.
import { consoleApi, rolesAllow } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { registerCall } from '../../plugins/register-call';
import { actorOf } from '../games/games.console';

export function registerConsole(app: FastifyInstance, c: Container): void {
  const p = () => c.playersSupport;
  const adj = () => c.adjustments;
  registerCall(app, consoleApi.consolePlayersSearch, ({ body }) => p().search(body));
  registerCall(app, consoleApi.consolePlayersGet, ({ body, operator }) =>
    // Personal data may be revealed by support and owners (ADR 0052).
    p().get(body.id, rolesAllow(operator.roles, ['support'])),
  );
  registerCall(app, consoleApi.consolePlayersOrders, ({ body }) =>
    p().orders(body.id, body.cursor, body.size),
  );
  registerCall(app, consoleApi.consolePlayersLedger, ({ body }) =>
    p().ledger(body.id, body.gameAccountId, body.cursor, body.size),
  );
  registerCall(app, consoleApi.consolePlayersRedemptions, ({ body }) =>
    p().redemptions(body.id, body.cursor, body.size),
  );
  registerCall(app, consoleApi.consolePlayersAudit, ({ body }) =>
    p().auditTrail(body.id, body.cursor, body.size),
  );
  registerCall(app, consoleApi.consolePlayersReveal, ({ body, operator }) =>
    p().reveal(body.id, body.field, actorOf(operator)),
  );
  registerCall(app, consoleApi.consolePlayersLock, ({ body, operator }) =>
    p().setLocked(body.id, body.locked, body.reason, actorOf(operator)),
  );
  registerCall(app, consoleApi.consolePlayersEndSessions, ({ body, operator }) =>
    p().endSessions(body.id, body.sessionId, actorOf(operator)),
  );
  registerCall(app, consoleApi.consolePlayersSendReset, ({ body, operator }) =>
    p().sendReset(body.id, actorOf(operator)),
  );
  registerCall(app, consoleApi.consoleAdjustmentsCreate, ({ body, operator }) =>
    adj().create(body, actorOf(operator)),
  );
  registerCall(app, consoleApi.consoleAdjustmentsList, ({ body }) => adj().list(body));
  registerCall(app, consoleApi.consoleAdjustmentsApprove, ({ body, operator }) =>
    adj().approve(body.id, body.note, actorOf(operator)),
  );
  registerCall(app, consoleApi.consoleAdjustmentsReject, ({ body, operator }) =>
    adj().reject(body.id, body.note, actorOf(operator)),
  );
}
