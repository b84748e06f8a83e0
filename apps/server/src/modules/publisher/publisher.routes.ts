// The Publisher API (docs/publisher-api.md): `auth: 'publisher'` calls, signed by a game's
// backend. registerCall checks the signature on the raw body before anything else (the verifier
// configured in app.ts, publisher-auth.ts) and hands over the caller (key id and game).
import { api, ErrorCode, IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@hc/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Container } from '../../container';
import { AppError } from '../../lib/app-error';
import { registerCall, type PublisherCaller } from '../../plugins/register-call';
import { signedPath } from './publisher-auth';
import { requestHashOf, type WriteContext } from './players.service';

function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const raw = req.headers[IDEMPOTENCY_KEY_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === '') return undefined;
  if (!IDEMPOTENCY_KEY_PATTERN.test(value))
    throw new AppError(ErrorCode.InvalidParams, {
      issues: [{ path: 'Idempotency-Key', message: '8 to 128 visible ASCII characters' }],
    });
  return value;
}

function writeContext(req: FastifyRequest, caller: PublisherCaller): WriteContext {
  return {
    caller,
    idempotencyKey: idempotencyKeyOf(req),
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
}
