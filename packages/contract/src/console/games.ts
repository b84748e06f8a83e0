// Games and servers in the console (docs/console.md#games-and-servers, ADR 0046): each game's
// name and icon in the nine player languages, its platforms, its game gateway (URL, secret
// rotation, connection test) and its servers' maintenance switch. Role `operations`.
import { z } from 'zod';
import { defineCall, pageOf } from '../call';
import { INT4_MAX, numericId, pageQuery, serverId, unixSeconds } from '../common';
import { LANGUAGES, type Language } from '../constants';
import { platformSchema } from '../system';
import { builtOnFirstUse } from '../lazy';

const languageRecord = <T extends z.ZodType>(value: T) =>
  z.object(
    Object.fromEntries(LANGUAGES.map((l) => [l, value.optional()])) as Record<
      Language,
      z.ZodOptional<T>
    >,
  );

export const GAME_NAME_MAX = 64;
export const GAME_ICON_MAX = 20_000;
export const MAINTENANCE_MESSAGE_MAX = 500;
/** Secrets the console accepts when pasted: 32 to 128 visible ASCII characters. */
export const GATEWAY_SECRET_PATTERN = /^[\x21-\x7e]{32,128}$/;

export const gameIdSchema = builtOnFirstUse(() =>
  z.number().int().positive().max(INT4_MAX).describe('Game id'),
);
/**
 * An icon: an image uploaded in the console (`/media/…`), another path of the portal, an https
 * URL, or an image data URL (the demo game's icon is one).
 */
export const gameIconUrl = builtOnFirstUse(() =>
  z
    .string()
    .trim()
    .max(GAME_ICON_MAX)
    .regex(
      /^((https:\/\/|\/)[^\s"'<>\\]*|data:image\/(png|jpeg|webp|svg\+xml)[;,][^\s"'<>\\]*)$/,
      'an https:// URL, a path of the portal or an image data URL',
    ),
);
export const gameNamesSchema = builtOnFirstUse(() =>
  languageRecord(z.string().trim().max(GAME_NAME_MAX)),
);
export const gameIconsSchema = builtOnFirstUse(() =>
  languageRecord(z.union([z.literal(''), gameIconUrl])),
);
export const maintenanceMessagesSchema = builtOnFirstUse(() =>
  languageRecord(z.string().trim().max(MAINTENANCE_MESSAGE_MAX)),
);

export const GATEWAY_SOURCES = ['database', 'environment', 'none'] as const;
export const gatewayCredentialsSchema = builtOnFirstUse(() => z.enum(['portal', 'game']));
export const gatewayUrl = builtOnFirstUse(() =>
  z
    .string()
    .trim()
    .max(500)
    .regex(/^https?:\/\/[^\s"'<>\\]+$/, 'must start with http:// or https://'),
);

export const gameGatewaySchema = builtOnFirstUse(() =>
  z.object({
    /** database: set in the console; environment: GAME_GATEWAYS (no console row); none. */
    source: z.enum(GATEWAY_SOURCES),
    url: z.string().nullable(),
    /** First 16 hex digits of SHA-256 of the secret: tells two secrets apart, reveals nothing. */
    keyFingerprint: z.string().nullable(),
    /** The game's effective credentials mode (the same as ConsoleGame.credentials.effective). */
    credentials: gatewayCredentialsSchema,
    rotatedAt: unixSeconds.nullable(),
  }),
);

/**
 * Who checks a game's players' passwords (ADR 0043, ADR 0050): `portal`, or `game` (the sign-in
 * asks the game gateway's verifyCredentials). The console's setting wins; without one, the
 * game's GAME_GATEWAYS `credentials` (portal when absent).
 */
export const gameCredentialsSchema = builtOnFirstUse(() =>
  z.object({
    /** What the player sign-in uses now. */
    effective: gatewayCredentialsSchema,
    /** Set in the console's game editor; null: not set. */
    console: gatewayCredentialsSchema.nullable(),
    /** The GAME_GATEWAYS value (portal when absent): what applies without a console setting. */
    environment: gatewayCredentialsSchema,
  }),
);

export const consoleGameSchema = builtOnFirstUse(() =>
  z.object({
    id: gameIdSchema,
    names: gameNamesSchema,
    /** As stored (older games may hold any URL). */
    icons: languageRecord(z.string()),
    platforms: z.array(platformSchema),
    sort: z.number().int(),
    /** Player languages without a name (they see the en-US name). */
    missingLanguages: z.array(z.enum(LANGUAGES)),
    gateway: gameGatewaySchema,
    credentials: gameCredentialsSchema,
    servers: z.object({ total: z.number().int(), maintenance: z.number().int() }),
    updatedAt: unixSeconds.nullable(),
  }),
);
export type ConsoleGame = z.infer<typeof consoleGameSchema>;

export const SERVER_STATES = ['open', 'maintenance'] as const;
export const consoleServerSchema = builtOnFirstUse(() =>
  z.object({
    gameId: gameIdSchema,
    serverId,
    name: z.string(),
    /** The portal's switch: maintenance refuses orders and gift codes on the server. */
    state: z.enum(SERVER_STATES),
    maintenanceMessage: maintenanceMessagesSchema,
    updatedAt: unixSeconds.nullable(),
  }),
);
export type ConsoleServer = z.infer<typeof consoleServerSchema>;

const gameFields = {
  names: gameNamesSchema,
  icons: gameIconsSchema,
  platforms: z.array(platformSchema).max(3),
  sort: z.number().int().min(-1000).max(1000),
};

const spec = 'docs/console.md#games-and-servers';
const tag = 'console' as const;
const roles = ['operations'] as const;

export const consoleGamesList = defineCall({
  path: '/api/console/games/list',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  body: () =>
    z.object({
      /** Part of a name (any language) or the id. */
      q: z.string().trim().max(64).optional(),
      /** Only games missing a name in some language. */
      missingTranslations: z.boolean().optional(),
      ...pageQuery,
    }),
  result: () => pageOf(consoleGameSchema),
  summary: 'Games in display order, filtered and paged',
  spec,
  chosen: 'POST with the filter in the body, like every console list.',
  tag,
});

export const consoleGamesGet = defineCall({
  path: '/api/console/games/get',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  body: () => z.object({ id: gameIdSchema }),
  result: () => consoleGameSchema,
  summary: 'One game with its gateway (never its secret)',
  spec,
  chosen: 'ConsoleGameNotFound for an unknown id.',
  tag,
});

export const consoleGamesCreate = defineCall({
  path: '/api/console/games/create',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  body: () =>
    z.object({
      id: gameIdSchema,
      ...gameFields,
      names: gameNamesSchema.refine((n) => (n['en-US'] ?? '') !== '', {
        message: 'the en-US name is required',
        path: ['en-US'],
      }),
    }),
  result: () => consoleGameSchema,
  summary: 'A new game (the id is the one its gateway and SDK use)',
  spec,
  chosen: 'GameIdTaken when the id exists. The en-US name is required (the fallback).',
  tag,
});

export const consoleGamesUpdate = defineCall({
  path: '/api/console/games/update',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  body: () =>
    z.object({
      id: gameIdSchema,
      names: gameFields.names.optional(),
      icons: gameFields.icons.optional(),
      platforms: gameFields.platforms.optional(),
      sort: gameFields.sort.optional(),
      /** Who checks the players' passwords; null: back to the GAME_GATEWAYS value. */
      credentials: gatewayCredentialsSchema.nullable().optional(),
    }),
  result: () => consoleGameSchema,
  summary: "Changes a game's names, icons, platforms, order or credentials mode",
  spec,
  chosen:
    'Given fields replace the stored ones; InvalidParams when the en-US name would be empty; GameCredentialsNeedGateway when `game` is chosen for a game without a gateway.',
  tag,
});

export const consoleGamesGatewaySet = defineCall({
  path: '/api/console/games/gateway/set',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  body: () =>
    z.object({
      gameId: gameIdSchema,
      url: gatewayUrl,
      credentials: gatewayCredentialsSchema.optional(),
    }),
  result: () =>
    z.object({
      gateway: gameGatewaySchema,
      /** Only when this call created the gateway: its new secret, shown this once. */
      secret: z.string().optional(),
    }),
  summary: "Sets a game's gateway URL (the first time also generates its secret)",
  spec,
  chosen:
    'The secret is never answered again; rotate to get a new one. From then on the database entry wins over GAME_GATEWAYS.',
  tag,
});

export const consoleGamesGatewayRotate = defineCall({
  path: '/api/console/games/gateway/rotate',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  body: () =>
    z.object({
      gameId: gameIdSchema,
      /** A secret the game team chose; absent: the portal generates one. */
      secret: z
        .string()
        .regex(GATEWAY_SECRET_PATTERN, '32 to 128 visible ASCII characters')
        .optional(),
    }),
  result: () => z.object({ gateway: gameGatewaySchema, secret: z.string() }),
  summary: "Replaces a game's gateway secret; answers it this once",
  spec,
  chosen:
    'Requests are signed with the new secret at once on every node: the game must accept the new one (and may keep the old one) before the switch. GameGatewayNotSet when the game has no console gateway.',
  tag,
});

export const consoleGamesGatewayTest = defineCall({
  path: '/api/console/games/gateway/test',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  body: () => z.object({ gameId: gameIdSchema }),
  result: () =>
    z.object({
      ok: z.boolean(),
      latencyMs: z.number().int().nonnegative(),
      /** Servers the game reported (ok only). */
      servers: z.number().int().nonnegative().optional(),
      /** Why it failed, in English (the gateway's error or the network's). */
      error: z.string().optional(),
    }),
  summary: "Asks the game gateway for its server list and reports the answer's time",
  spec,
  chosen: 'A failure is a result with ok false, not an error envelope. Nothing is cached.',
  tag,
});

export const consoleServersList = defineCall({
  path: '/api/console/games/servers/list',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  body: () =>
    z.object({
      gameId: gameIdSchema,
      state: z.enum(SERVER_STATES).optional(),
      q: z.string().trim().max(64).optional(),
      ...pageQuery,
    }),
  result: () => pageOf(consoleServerSchema),
  summary: "A game's servers as the portal knows them, paged",
  spec,
  chosen: 'servers/sync adds the servers the gateway reports; this list reads the database only.',
  tag,
});

export const consoleServersSync = defineCall({
  path: '/api/console/games/servers/sync',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  body: () => z.object({ gameId: gameIdSchema }),
  result: () =>
    z.object({ added: z.number().int(), renamed: z.number().int(), total: z.number().int() }),
  summary: "Reads the game's server list through its gateway and adds or renames servers",
  spec,
  chosen: 'SystemBusy when the gateway does not answer. Maintenance switches are kept.',
  tag,
});

export const consoleServersUpdate = defineCall({
  path: '/api/console/games/servers/update',
  method: 'POST',
  auth: 'console',
  roles: [...roles],
  body: () =>
    z.object({
      gameId: gameIdSchema,
      serverId,
      state: z.enum(SERVER_STATES),
      maintenanceMessage: maintenanceMessagesSchema.optional(),
      /** Also post the message as an active bulletin (same transaction). */
      postBulletin: z.boolean().optional(),
    }),
  result: () => z.object({ server: consoleServerSchema, bulletinId: numericId.optional() }),
  summary: 'Opens a server or puts it in maintenance, optionally posting a bulletin',
  spec,
  chosen:
    'Players see the change within seconds on every node (invalidation bus). postBulletin needs a message in en-US.',
  tag,
});
