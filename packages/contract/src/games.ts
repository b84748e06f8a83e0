// Games, servers and roles: the servers of a game with the player's roles there
// (docs/product/top-up.md#servers-and-roles), and the character (game account, server, role) the
// player acts as (docs/product/account.md#account-screen, docs/product/api.md#top-up-calls).
import { z } from 'zod';
import { defineCall, emptyBodySchema } from './call';
import { numericId, roleId, serverId, unixSeconds } from './common';
import { builtOnFirstUse } from './lazy';

/** docs/product/top-up.md#servers-and-roles. Orders are refused on a server under maintenance. */
export const ServerState = { open: 0, maintenance: 1 } as const;
export const serverStateSchema = builtOnFirstUse(() =>
  z.union([z.literal(ServerState.open), z.literal(ServerState.maintenance)]),
);

export const roleSchema = builtOnFirstUse(() =>
  z.object({
    role_id: roleId,
    role_name: z.string(),
    level: z.number().int().nonnegative().optional(),
  }),
);
export const serverRolesSchema = builtOnFirstUse(() =>
  z.object({
    server_id: serverId,
    server_name: z.string(),
    state: serverStateSchema,
    /**
     * Under maintenance: the operator's message in the request's language (en-US fallback), when
     * one was written in the console (docs/console.md#games-and-servers).
     */
    maintenance_message: z.string().optional(),
    roles: z.array(roleSchema),
  }),
);
export type Role = z.infer<typeof roleSchema>;
export type ServerRoles = z.infer<typeof serverRolesSchema>;

export const userWebRole = defineCall({
  path: '/api/user/webRole',
  method: 'POST',
  auth: 'required',
  body: () => emptyBodySchema,
  result: () => z.object({ list: z.array(serverRolesSchema) }),
  summary:
    'Servers of the current game with the roles of the bound game account (cached by the client)',
  spec: 'docs/product/top-up.md#servers-and-roles, docs/product/api.md#top-up-calls',
  tag: 'games',
  chosen:
    'Body empty (game from the gameid header); result { list: [{ server_id, server_name, state, maintenance_message?, roles }] }, not paged.',
});

export const selectedCharacterSchema = builtOnFirstUse(() =>
  z.object({
    server_id: serverId,
    server_name: z.string(),
    role_id: roleId,
    role_name: z.string(),
    level: z.number().int().nonnegative().optional(),
  }),
);
export type SelectedCharacter = z.infer<typeof selectedCharacterSchema>;

export const characterInfoSelect = defineCall({
  path: '/api/character/info/select',
  method: 'POST',
  auth: 'required',
  body: () => z.object({ server_id: serverId, role_id: roleId }),
  result: () => selectedCharacterSchema,
  summary: 'Choose (report) the role the player tops up; the role is validated with the game',
  spec: 'docs/product/api.md#top-up-calls, docs/product/errors.md#error-catalogue',
  tag: 'games',
  chosen:
    'Body { server_id, role_id } for the request game (gameid header, else the first bound game); ' +
    'the server and role are read from the game gateway (names never come from the client). ' +
    'Unknown -> RoleNotFound, server in maintenance -> serverMaintenance (data.maintenance_message: ' +
    "the operator's message in the request's language, when there is one), game unreachable -> " +
    'SystemBusy, no game account -> GameAccountNotFound. Stateless: the web keeps the choice.',
});

export const boundGameSchema = builtOnFirstUse(() =>
  z.object({
    game_id: numericId,
    game_name: z.string(),
    icon: z.string(),
    gameAccountId: numericId.describe('The portal id of the game account (userId)'),
    uid: z.string().describe("The game's own player id (ADR 0039)"),
    display_name: z.string().nullable().describe('Name of the player in the game, when known'),
    bind_ts: unixSeconds,
    last_character: selectedCharacterSchema.nullable(),
  }),
);
export const characterGameInfo = defineCall({
  path: '/api/character/game/info',
  method: 'POST',
  auth: 'required',
  body: () => emptyBodySchema,
  result: () => z.object({ list: z.array(boundGameSchema) }),
  summary: 'Games bound to the signed-in account with the last chosen role',
  spec: 'docs/product/account.md#account-screen, docs/product/api.md#account-calls',
  tag: 'games',
  chosen:
    'Body empty; result { list: [{ game_id, game_name, icon, gameAccountId, uid, display_name, bind_ts, ' +
    'last_character }] } in bind order (bind_ts: when it was last bound); last_character is the role of the newest order of that ' +
    'game account (server and role as the game reported them then, no level), null before any.',
});

// The player's game accounts and binding one with a link code the game showed
// (docs/decisions/0042-player-arrival.md, docs/product/account.md#bind-a-game-account).

/** Link codes: 8 characters of an alphabet without 0/O, 1/I/L; spaces and dashes are ignored. */
export const LINK_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const LINK_CODE_LENGTH = 8;

/** A typed link code as the player entered it: upper-cased, spaces and dashes dropped. */
export function normaliseLinkCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]+/g, '');
}

export const linkCodeInput = builtOnFirstUse(() =>
  z
    .string()
    .max(32)
    .transform(normaliseLinkCode)
    .pipe(z.string().min(1, 'required').max(16))
    .describe('The code shown by the game (case, spaces and dashes do not matter)'),
);

export const userGameAccountBind = defineCall({
  path: '/api/user/gameAccount/bind',
  method: 'POST',
  auth: 'required',
  body: () => z.object({ code: linkCodeInput }),
  result: () => boundGameSchema,
  summary: 'Bind the game account of a link code (shown by the game) to the signed-in account',
  spec: 'docs/decisions/0042-player-arrival.md, docs/product/account.md#bind-a-game-account',
  tag: 'games',
  chosen:
    'Body { code }; result the bound game account as characterGameInfo lists it. LinkCodeInvalid (no such code), LinkCodeExpired, LinkCodeUsed; ' +
    'GameAccountBoundElsewhere (the uid is bound to another account), GameAccountAlreadyBound (this account has another game account in that game), ' +
    'ContextReset (the game is no longer offered). Wrong codes are counted per account: 5 in 15 minutes, then TooManyRequests with data.retry_after. ' +
    'Binding the uid already bound to this account answers it again.',
});
