// Builds the OpenAPI 3.1 document served at /api/docs (ARCHITECTURE.md#contract) from `api`, so docs never drift from the code.
import { z } from 'zod';
import { allCallEntries, exampleOf, type AnyCallName } from './all-calls';
import { errorEnvelopeSchema, type ApiCall, type Area } from './call';
import { ErrorCode, errorMessages, type ErrorCodeName } from './errors';
import { HEADER_NAMES, IDEMPOTENCY_KEY_HEADER, LANGUAGE_HEADER } from './headers';
import { SOCIAL_PROVIDERS, socialRoutes } from './auth';
import {
  takesIdempotencyKey,
  PUBLISHER_KEY_ID_HEADER,
  PUBLISHER_NONCE_HEADER,
  PUBLISHER_NONCE_TTL_SECONDS,
  PUBLISHER_SIGNATURE_HEADER,
  PUBLISHER_TIMESTAMP_HEADER,
  PUBLISHER_TOLERANCE_SECONDS,
} from './publisher';
import { CONSOLE_COOKIE, CONSOLE_CSRF_HEADER } from './console/roles';

export type JsonSchema = { [key: string]: unknown };
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: JsonSchema;
  paths: Record<string, JsonSchema>;
  [key: string]: unknown;
};

const TAGS: Record<Area, string> = {
  system: 'Time, site configuration, customer-support link',
  auth: 'Sessions, sign-in (password, codes, social, hand-over), password reset',
  'real-name': 'Real-name information',
  games: 'Servers, roles and the chosen character',
  catalog: 'Products, payment methods, rebates',
  orders: 'Order creation, payment with HC Point, records',
  wallet: 'HC Point balances',
  content: 'Articles, bulletin, home configuration, game content, footer pages',
  'gift-codes': 'Gift-code redemption',
  analytics:
    'docs/product/analytics.md#events logged events: per-session signing key and the built-in collector',
  publisher:
    "Publisher API (docs/publisher-api.md): server-to-server calls from a game's backend, signed with the game's publisher key",
  console:
    "Operator console (docs/console.md): the publisher staff's calls; a session cookie, the x-csrf-token header on every POST, and a role allowed to make the call",
};

/** The four signature headers of a publisher call (docs/publisher-api.md#signing). */
const PUBLISHER_SECURITY = [
  'publisherKeyId',
  'publisherTimestamp',
  'publisherNonce',
  'publisherSignature',
];

const HEADER_DOCS: Record<string, string> = {
  version: 'Client app version',
  htmlversion: 'Web build version',
  accountid: 'Login account id (accid)',
  gameid: 'Current game id',
  userid: 'Current game account id',
  clientid: 'Device id (stored under hc_device_id)',
  token: 'Session token from login',
  [LANGUAGE_HEADER]: 'Language override for translated content (else Accept-Language, else en-US)',
};

export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const out: JsonSchema = {
    ...z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }),
  };
  delete out.$schema;
  return out;
}

export function errorCatalogue(): Array<{ code: number; key: ErrorCodeName; message: string }> {
  return (Object.keys(ErrorCode) as ErrorCodeName[])
    .filter((key) => key !== 'Ok')
    .map((key) => ({ code: ErrorCode[key], key, message: errorMessages[key] }));
}

/** `/api/game/info/content/:id` -> `/api/game/info/content/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]\w*)/g, '{$1}');
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonSchema, example?: unknown) => ({
  'application/json': example === undefined ? { schema } : { schema, example },
});

function security(call: ApiCall): Array<Record<string, string[]>> {
  if (call.auth === 'console') return [{ consoleSession: [], consoleCsrf: [] }];
  if (call.auth === 'publisher')
    return [Object.fromEntries(PUBLISHER_SECURITY.map((name) => [name, []]))];
  if (call.auth === 'required') return [{ token: [] }];
  if (call.auth === 'optional') return [{ token: [] }, {}];
  return [];
}

function pathParameters(call: ApiCall): JsonSchema[] {
  if (!call.params) return [];
  const schema = toJsonSchema(call.params, 'input');
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(props).map(([name, s]) => ({
    name,
    in: 'path',
    required: true,
    schema: s,
  }));
}

function operation(name: AnyCallName, call: ApiCall): JsonSchema {
  const example = exampleOf(name);
  const description = [
    `Auth: ${call.auth}. Source: ${call.spec}.`,
    call.roles ? `Roles: ${call.roles.join(', ')} (owner is always allowed).` : '',
    call.chosen ? `Chosen shape: ${call.chosen}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  const responses: JsonSchema = {
    '200': {
      description:
        'Success envelope `{ code: 0, msg, result }` or a business error envelope `{ code, msg, data? }`',
      content: json(
        {
          oneOf: [
            {
              type: 'object',
              properties: {
                code: { const: 0 },
                msg: { type: 'string' },
                result: ref(`${name}Result`),
              },
              required: ['code', 'msg', 'result'],
            },
            ref('ErrorEnvelope'),
          ],
        },
        { code: 0, msg: 'ok', result: example.result },
      ),
    },
  };
  if (call.download !== undefined) {
    const ok = responses['200'] as JsonSchema;
    ok.description = `The file (\`${call.download}\`, Content-Disposition attachment); a refusal is the error envelope as JSON`;
    ok.content = {
      [call.download]: { schema: { type: 'string' }, example: example.result },
      ...json(ref('ErrorEnvelope')),
    };
  }
  if (call.auth === 'console') {
    responses['401'] = {
      description: `No console session, or it ended: code ${ErrorCode.ConsoleSessionExpired} (ConsoleSessionExpired)`,
      content: json(ref('ErrorEnvelope')),
    };
    responses['403'] = {
      description: `Refused: code ${ErrorCode.ConsoleForbidden} (ConsoleForbidden, no allowed role), ${ErrorCode.ConsoleCsrfFailed} (ConsoleCsrfFailed) or ${ErrorCode.ConsoleEnrolmentRequired} (ConsoleEnrolmentRequired)`,
      content: json(ref('ErrorEnvelope')),
    };
  }
  if (call.auth === 'required') {
    responses['203'] = {
      description: `Session missing or expired: code ${ErrorCode.tokenFail} (tokenFail)`,
      content: json(ref('TokenFailEnvelope')),
    };
  }
  if (call.auth === 'publisher') {
    responses['401'] = {
      description: `Signature, key, timestamp or nonce refused: code ${ErrorCode.PublisherAuthFailed} (PublisherAuthFailed), ${ErrorCode.PublisherTimestampStale} (PublisherTimestampStale) or ${ErrorCode.PublisherNonceReplayed} (PublisherNonceReplayed)`,
      content: json(ref('ErrorEnvelope')),
    };
  }
  const headerParameters =
    call.tag === 'console'
      ? []
      : call.auth === 'publisher'
        ? takesIdempotencyKey(call)
          ? [{ $ref: '#/components/parameters/idempotencyKey' }]
          : []
        : [...HEADER_NAMES, LANGUAGE_HEADER].map((h) => ({
            $ref: `#/components/parameters/header_${h}`,
          }));
  const op: JsonSchema = {
    operationId: name,
    summary: call.summary,
    description,
    tags: [call.tag],
    'x-auth': call.auth,
    ...(call.roles && { 'x-roles': [...call.roles] }),
    security: security(call),
    parameters: [...headerParameters, ...pathParameters(call)],
    responses,
  };
  if (call.method === 'POST' && call.upload !== undefined)
    op.requestBody = {
      required: true,
      description: 'The file itself (raw bytes), not JSON',
      content: Object.fromEntries(
        call.upload.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
      ),
    };
  else if (call.method === 'POST')
    op.requestBody = { required: true, content: json(ref(`${name}Body`), example.body) };
  return op;
}

/** A non-JSON social route (docs/product/sign-in.md#apple-sign-in-return): a browser navigation answering 302. */
function socialOperation(route: (typeof socialRoutes)[number]): JsonSchema {
  const parameters: JsonSchema[] = route.path.includes('{provider}')
    ? [{ name: 'provider', in: 'path', required: true, schema: { enum: [...SOCIAL_PROVIDERS] } }]
    : [];
  if (route.path.endsWith('/start'))
    parameters.push({ name: 'redirect', in: 'query', required: false, schema: { type: 'string' } });
  return {
    operationId: `social_${route.method.toLowerCase()}_${route.path.split('/').pop() ?? ''}${route.path.includes('apple') ? '_apple' : ''}`,
    summary: route.summary,
    description: route.description,
    tags: ['auth'],
    parameters,
    responses: { '302': { description: 'Redirect (Location header)' } },
  };
}

function infoDescription(): string {
  const rows = errorCatalogue().map((e) => `| ${e.code} | ${e.key} | ${e.message} |`);
  return [
    'HC Portal API. Every answer is HTTP 200 with `{ code: 0, msg: "ok", result }`, or HTTP 200 with',
    '`{ code, msg, data? }` for a business error. A call whose auth is `required` answers HTTP 203 with',
    `code ${ErrorCode.tokenFail} (tokenFail) when the session is missing or expired. Code ${ErrorCode.ContextReset} sends the client to \`/\`.`,
    'Times are Unix seconds; money is integer minor units plus an ISO 4217 currency; HC Point amounts are integers.',
    '',
    '| Code | Key | Meaning |',
    '|---|---|---|',
    ...rows,
  ].join('\n');
}

export function buildOpenApiDocument(): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = {};
  const paths: Record<string, JsonSchema> = {};
  for (const [name, call] of allCallEntries()) {
    schemas[`${name}Body`] = toJsonSchema(call.body, 'input');
    schemas[`${name}Result`] = toJsonSchema(call.result, 'output');
    const item = (paths[openApiPath(call.path)] ??= {});
    item[call.method.toLowerCase()] = operation(name, call);
  }
  for (const route of socialRoutes) {
    const item = (paths[route.path] ??= {});
    item[route.method.toLowerCase()] = socialOperation(route);
  }
  const errorEnvelope = toJsonSchema(errorEnvelopeSchema, 'output');
  const errorProps = {
    ...(errorEnvelope.properties as JsonSchema),
    code: { type: 'integer', not: { const: 0 } },
  };
  schemas.ErrorEnvelope = { ...errorEnvelope, properties: errorProps };
  schemas.TokenFailEnvelope = {
    ...errorEnvelope,
    properties: { ...errorProps, code: { const: ErrorCode.tokenFail } },
  };
  const parameters: Record<string, JsonSchema> = Object.fromEntries(
    [...HEADER_NAMES, LANGUAGE_HEADER].map((h) => [
      `header_${h}`,
      {
        name: h,
        in: 'header',
        required: false,
        description: HEADER_DOCS[h],
        schema: { type: 'string' },
      },
    ]),
  );
  parameters.idempotencyKey = {
    name: IDEMPOTENCY_KEY_HEADER,
    in: 'header',
    required: false,
    description:
      'Publisher writes: 8-128 visible ASCII characters. A repeat with the same body answers the stored first answer; another body answers IdempotencyKeyReused. Kept 24 hours.',
    schema: { type: 'string', pattern: '^[\\x21-\\x7e]{8,128}$' },
  };
  const publisherHeader = (header: string, description: string): JsonSchema => ({
    type: 'apiKey',
    in: 'header',
    name: header,
    description,
  });
  return {
    openapi: '3.1.0',
    info: { title: 'HC Portal API', version: '1.0.0', description: infoDescription() },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas,
      parameters,
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'token' },
        consoleSession: {
          type: 'apiKey',
          in: 'cookie',
          name: CONSOLE_COOKIE,
          description:
            'Console session cookie set by /api/console/session/login (HttpOnly, SameSite=Strict; `__Host-hc_console` over https).',
        },
        consoleCsrf: {
          type: 'apiKey',
          in: 'header',
          name: CONSOLE_CSRF_HEADER,
          description:
            "The session's CSRF token (csrfToken of session/login and session/me), required on every console POST.",
        },
        publisherKeyId: publisherHeader(
          PUBLISHER_KEY_ID_HEADER,
          "Publisher key id (`pk_…`), issued by `npm run portal -- publisher-key create <game_id>`; the call acts for that key's game.",
        ),
        publisherTimestamp: publisherHeader(
          PUBLISHER_TIMESTAMP_HEADER,
          `Signing time, Unix seconds; refused beyond ±${PUBLISHER_TOLERANCE_SECONDS} s (PublisherTimestampStale).`,
        ),
        publisherNonce: publisherHeader(
          PUBLISHER_NONCE_HEADER,
          `16-64 characters [A-Za-z0-9_-], single use within ${PUBLISHER_NONCE_TTL_SECONDS} s (PublisherNonceReplayed).`,
        ),
        publisherSignature: publisherHeader(
          PUBLISHER_SIGNATURE_HEADER,
          'Lowercase hex HMAC-SHA256(secret, `<timestamp>.<nonce>.<METHOD>.<path>.<raw body>`), compared in constant time (PublisherAuthFailed).',
        ),
      },
    },
    'x-error-codes': errorCatalogue(),
  };
}
