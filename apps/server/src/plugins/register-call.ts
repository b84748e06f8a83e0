// registerCall: the one way to expose a contract call. It takes method, path, body/params
// schemas and auth from the contract, validates input (InvalidParams with issues), enforces a
// required session (tokenFail -> HTTP 203) and wraps the handler's result in the envelope.
import {
  ErrorCode,
  INT4_MAX,
  type OperatorRole,
  requestHeadersSchema,
  type ApiCall,
  type Language,
  type RequestHeaders,
} from '@hc/contract';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../lib/app-error';
import { pickLanguage } from '../lib/language';
import type { PlayerInfo } from '../modules/auth/player.service';
import type { Session } from '../modules/auth/sessions.service';
import { toValidationIssues } from './envelope';

// defineCall keeps each call's literal types, so params and session narrow per call.
type ParamsOf<C> = C extends { params: infer P extends z.ZodType }
  ? z.output<P>
  : Record<string, never>;
type SessionOf<C extends ApiCall> = C['auth'] extends 'required' ? Session : Session | null;
type OperatorOf<C extends ApiCall> = C['auth'] extends 'console' ? OperatorCaller : undefined;

export interface CallContext<C extends ApiCall> {
  body: z.output<C['body']>;
  /** Path parameters parsed with the call's `params` schema. */
  params: ParamsOf<C>;
  /**
   * The verified game backend of an `auth: 'publisher'` call (its key id and the key's game);
   * undefined on every other call.
   */
  publisher: C['auth'] extends 'publisher' ? PublisherCaller : undefined;
  /**
   * The signed-in operator of an `auth: 'console'` call, already checked (session, CSRF token,
   * enrolment, role); undefined on every other call.
   */
  operator: OperatorOf<C>;
  /** The signed-in player: always set when auth is 'required', else null for anonymous. */
  session: SessionOf<C>;
  /** The session, or tokenFail (HTTP 203) when there is none. */
  requireSession: () => Session;
  /** docs/product/api.md#request-headers request headers. */
  headers: RequestHeaders;
  /** The reader's language: the `lang` header, else Accept-Language, else en-US (lib/language.ts). */
  language: Language;
  /** The requested game: the `gameid` header as a game id, or undefined when absent or invalid. */
  gameId: number | undefined;
  /**
   * The current player (anonymous when signed out) with the game account for `gameId`, else the
   * first bound; read once per request (docs/product/session.md#user-info).
   */
  player: () => Promise<PlayerInfo>;
  req: FastifyRequest;
  /** The reply, for the few calls that set headers (the console session cookie). */
  reply: FastifyReply;
  /** The file of an `upload` call (its bytes and declared Content-Type); undefined otherwise. */
  file: C extends { upload: readonly string[] } ? UploadedFile : undefined;
}

/** The body of an `upload` call, read by the route's content-type parser as bytes. */
export interface UploadedFile {
  bytes: Buffer;
  /** The Content-Type the client declared (a hint only: check the bytes). */
  declaredType: string;
}

/** What the handler of a `download` call answers: the file's name and its text, streamed. */
export interface DownloadAnswer {
  filename: string;
  body: NodeJS.ReadableStream;
}

type HandlerResult<C extends ApiCall> = C extends { download: string }
  ? DownloadAnswer
  : z.input<C['result']>;

export type CallHandler<C extends ApiCall> = (
  ctx: CallContext<C>,
) => Promise<HandlerResult<C>> | HandlerResult<C>;

/** Resolves the current player of a call (the player service's `current`). */
export type PlayerResolver = (
  session: Session | null,
  gameId: number | undefined,
) => Promise<PlayerInfo>;

/** Who signed a publisher call (docs/publisher-api.md#signing). */
export interface PublisherCaller {
  keyId: string;
  gameId: number;
}

/**
 * Checks a publisher call's signature on the raw body (key, timestamp, nonce, rate limit) and
 * answers its caller, or throws the AppError to send (modules/publisher/publisher-auth.ts).
 */
export type PublisherVerifier = (req: FastifyRequest, rawBody: string) => Promise<PublisherCaller>;

/** The operator of a console call (docs/console.md#sessions). */
export interface OperatorCaller {
  id: number;
  name: string;
  roles: OperatorRole[];
  /** The client address, for the audit log. */
  ip: string;
  /** The console session the call came with. */
  sessionId: number;
}

/**
 * Checks a console call's session cookie, CSRF token (POST), enrolment and role, and answers
 * its operator, or throws the AppError to send (modules/console/console-auth.ts).
 */
export type OperatorVerifier = (req: FastifyRequest, call: ApiCall) => Promise<OperatorCaller>;

export interface RegisterCallOptions {
  /** Check every result against the call's result schema (outside production: drift fails tests). */
  checkResults: boolean;
  /** How `player()` of the call context is found. */
  resolvePlayer: PlayerResolver;
  /** How an `auth: 'publisher'` call is authenticated. */
  verifyPublisher: PublisherVerifier;
  /** How an `auth: 'console'` call is authenticated and authorised. */
  verifyOperator: OperatorVerifier;
}

/**
 * The `gameid` header as a game id (docs/product/api.md#request-headers), or undefined. Game ids
 * are int4 (`games.id`): a larger number names no game and must not reach PostgreSQL (schema
 * fuzzing, apps/server/test/fuzz.test.ts).
 */
export function gameIdOf(header: string | undefined): number | undefined {
  const n = header === undefined ? Number.NaN : Number(header);
  return Number.isSafeInteger(n) && n > 0 && n <= INT4_MAX ? n : undefined;
}

/** docs/product/api.md#request-headers headers of a request (first value of repeated headers). */
export function readCallHeaders(req: FastifyRequest): RequestHeaders {
  const picked: Record<string, string> = {};
  for (const key of Object.keys(requestHeadersSchema.shape)) {
    const v = req.headers[key];
    const first = Array.isArray(v) ? v[0] : v;
    if (first !== undefined) picked[key] = first;
  }
  const parsed = requestHeadersSchema.safeParse(picked);
  return parsed.success ? parsed.data : {};
}

function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: 'body' | 'params',
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = toValidationIssues(parsed.error.issues).map((i) =>
    where === 'params' ? { ...i, path: `params.${i.path}` } : i,
  );
  throw new AppError(ErrorCode.InvalidParams, { issues });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set once by configureCalls; decorators, so encapsulated child instances inherit them. */
    checkCallResults: boolean;
    resolvePlayer: PlayerResolver;
    verifyPublisher: PublisherVerifier;
    verifyOperator: OperatorVerifier;
  }
  interface FastifyRequest {
    /** The body exactly as received, on `auth: 'publisher'` calls only (the signature covers it). */
    rawBody?: string;
  }
}

export function configureCalls(app: FastifyInstance, options: RegisterCallOptions): void {
  app.decorate('checkCallResults', options.checkResults);
  app.decorate('resolvePlayer', options.resolvePlayer);
  app.decorate('verifyPublisher', options.verifyPublisher);
  app.decorate('verifyOperator', options.verifyOperator);
}

const noPlayerResolver: PlayerResolver = () => {
  throw new Error('configureCalls was not given a player resolver');
};

const noPublisherVerifier: PublisherVerifier = () => {
  throw new Error('configureCalls was not given a publisher verifier');
};

const noOperatorVerifier: OperatorVerifier = () => {
  throw new Error('configureCalls was not given an operator verifier');
};

/**
 * Keeps the body's exact bytes for the signature check (route-level preParsing): read up to
 * `limit` bytes, remember them as `req.rawBody`, hand the same bytes on to the JSON parser.
 */
function keepRawBody(limit: number) {
  return async (req: FastifyRequest, _reply: unknown, payload: NodeJS.ReadableStream) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload as AsyncIterable<Buffer | string>) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      if (size > limit) throw new AppError(ErrorCode.PayloadTooLarge, { limit });
      chunks.push(bytes);
    }
    const raw = Buffer.concat(chunks);
    req.rawBody = raw.toString('utf8');
    return Readable.from([raw]);
  };
}

/** The bytes of an upload call's body, or InvalidParams when it is not one of `types`. */
function uploadedFile(req: FastifyRequest, types: readonly string[]): UploadedFile {
  const declaredType = String(req.headers['content-type'] ?? '')
    .split(';')[0]
    ?.trim()
    .toLowerCase();
  if (!Buffer.isBuffer(req.body) || declaredType === undefined || !types.includes(declaredType))
    throw new AppError(ErrorCode.InvalidParams, {
      issues: [{ path: 'body', message: `Send the file as ${types.join(', ')}` }],
    });
  return { bytes: req.body, declaredType };
}

export function registerCall<C extends ApiCall>(
  app: FastifyInstance,
  call: C,
  handler: CallHandler<C>,
): void {
  const paramsSchema = call.params;
  const checkResults = app.hasDecorator('checkCallResults') ? app.checkCallResults : true;
  const resolvePlayer = app.hasDecorator('resolvePlayer') ? app.resolvePlayer : noPlayerResolver;
  const verifyPublisher = app.hasDecorator('verifyPublisher')
    ? app.verifyPublisher
    : noPublisherVerifier;
  const verifyOperator = app.hasDecorator('verifyOperator')
    ? app.verifyOperator
    : noOperatorVerifier;
  const signed = call.auth === 'publisher';
  const consoleCall = call.auth === 'console';
  const upload = call.upload;
  // Upload calls check the operator before the (large) body is read (preParsing).
  const verified = new WeakMap<FastifyRequest, OperatorCaller>();
  app.route({
    method: call.method,
    url: call.path,
    config: { auth: call.auth, ignoresDeadToken: call.ignoresDeadToken === true },
    // A call with texts in nine languages accepts more than BODY_LIMIT_BYTES (contract bodyLimit).
    ...(call.bodyLimit !== undefined && {
      bodyLimit: Math.max(call.bodyLimit, app.initialConfig.bodyLimit ?? 0),
    }),
    ...(signed && { preParsing: keepRawBody(app.initialConfig.bodyLimit ?? 1024 * 1024) }),
    ...(consoleCall &&
      upload !== undefined && {
        preParsing: async (
          req: FastifyRequest,
          _reply: unknown,
          payload: NodeJS.ReadableStream,
        ) => {
          verified.set(req, await verifyOperator(req, call));
          return payload;
        },
      }),
    async handler(req, reply) {
      const session = req.session;
      if (call.auth === 'required' && session === null) throw new AppError(ErrorCode.tokenFail);
      // Signed before anything is read from the body (an unsigned body is never validated).
      const publisher = signed ? await verifyPublisher(req, req.rawBody ?? '') : undefined;
      // Session, CSRF token, enrolment and role, before the body is read.
      const operator = consoleCall
        ? (verified.get(req) ?? (await verifyOperator(req, call)))
        : undefined;
      const file = upload === undefined ? undefined : uploadedFile(req, upload);
      // GET calls carry no body (docs/product/api.md#conventions); a POST without a body means `{}`.
      const body = parseInput(
        call.body,
        call.method === 'GET' || upload !== undefined ? {} : (req.body ?? {}),
        'body',
      ) as z.output<C['body']>;
      const params = (
        paramsSchema === undefined ? req.params : parseInput(paramsSchema, req.params, 'params')
      ) as ParamsOf<C>;
      const headers = readCallHeaders(req);
      const gameId = gameIdOf(headers.gameid);
      let player: Promise<PlayerInfo> | undefined;
      let language: Language | undefined;
      const result = await handler({
        body,
        params,
        publisher: publisher as CallContext<C>['publisher'],
        operator: operator as CallContext<C>['operator'],
        session: session as SessionOf<C>,
        requireSession: () => {
          if (session === null) throw new AppError(ErrorCode.tokenFail);
          return session;
        },
        headers,
        // Parsed only when a handler reads it (most calls never do).
        get language() {
          return (language ??= pickLanguage(req.headers));
        },
        gameId,
        player: () => (player ??= resolvePlayer(session, gameId)),
        req,
        reply,
        file: file as CallContext<C>['file'],
      });
      if (call.download !== undefined) {
        // A file, not an envelope (docs/console.md#audit-log).
        const file = result as DownloadAnswer;
        const name = file.filename.replace(/[^A-Za-z0-9._-]/g, '_');
        void reply
          .header('content-type', `${call.download}; charset=utf-8`)
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'no-store');
        return file.body;
      }
      if (checkResults) {
        const checked = call.result.safeParse(result);
        if (!checked.success) {
          req.log.error(
            { call: call.path, issues: checked.error.issues },
            'handler result does not match the contract',
          );
          throw new AppError(ErrorCode.SystemBusy);
        }
      }
      // The handler's own value goes out (not zod's parsed copy), so production, which skips
      // the check, sends exactly what tests saw. Handlers return only contract fields.
      return { code: 0, msg: 'ok', result };
    },
  });
}
