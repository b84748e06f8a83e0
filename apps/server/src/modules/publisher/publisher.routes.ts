// The Publisher API (docs/publisher-api.md): `auth: 'publisher'` calls, signed by a game's
// backend. registerCall checks the signature on the raw body before anything else (the verifier
// configured in app.ts, publisher-auth.ts) and hands over the caller (key id and game).
import { api } from '@hc/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Container } from '../../container';
import { idempotencyKeyOf } from '../../lib/idempotency-key';
import { registerCall, type PublisherCaller } from '../../plugins/register-call';
import { signedPath } from './publisher-auth';
import { requestHashOf, type WriteContext } from './players.service';

function writeContext(req: FastifyRequest, caller: PublisherCaller): WriteContext {
  return {
    caller,
    idempotencyKey: idempotencyKeyOf(req.headers),
    requestHash: requestHashOf(req.method, signedPath(req), req.rawBody ?? ''),
    ip: req.ip,
    log: req.log,
  };
}

export function register(app: FastifyInstance, c: Container): void {
  const players = () => c.publisherPlayers;

  registerCall(app, api.publisherPlayersGet, ({ publisher, body }) =>
    players().get(publisher, body),
  );
  registerCall(app, api.publisherPlayersUpsert, ({ publisher, body, req }) =>
    players().upsert(writeContext(req, publisher), body),
  );
  registerCall(app, api.publisherPlayersBind, ({ publisher, body, req }) =>
    players().bind(writeContext(req, publisher), body),
  );
  registerCall(app, api.publisherPlayersUnbind, ({ publisher, body, req }) =>
    players().unbind(writeContext(req, publisher), body),
  );
  registerCall(app, api.publisherPlayersContact, ({ publisher, body, req }) =>
    players().contact(writeContext(req, publisher), body),
  );
  registerCall(app, api.publisherPlayersDisable, ({ publisher, body, req }) =>
    players().disable(writeContext(req, publisher), body),
  );
  registerCall(app, api.publisherPlayersEnable, ({ publisher, body, req }) =>
    players().enable(writeContext(req, publisher), body),
  );

  // Players arriving from the game (ADR 0042): no Idempotency-Key, every call issues a new
  // one-time ticket or code.
  registerCall(app, api.publisherHandoverCreate, ({ publisher, body, req }) =>
    c.arrival.handoverCreate({ caller: publisher, ip: req.ip, log: req.log }, body),
  );
  registerCall(app, api.publisherLinkCodesCreate, ({ publisher, body, req }) =>
    c.arrival.linkCodeCreate({ caller: publisher, ip: req.ip, log: req.log }, body),
  );
}
