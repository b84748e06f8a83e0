// `npm run portal -- publisher-key create|rotate|revoke|list <game_id> [key_id]` (ADR 0039,
// docs/publisher-api.md#keys): the per-game keys of the Publisher API.
//   create <game_id>           the game's first key; prints the key id and the secret, once
//   rotate <game_id>           a second key beside the active one (the overlap of a rotation)
//   revoke <game_id> <key_id>  ends a key at once (requests signed with it answer 401)
//   list <game_id>             every key of the game, active first; secrets are never shown
import { PublisherKeyError } from '../modules/publisher/publisher-keys.service';
import { CommandUsageError, type Command } from './types';

const ACTIONS = ['create', 'rotate', 'revoke', 'list'] as const;
type Action = (typeof ACTIONS)[number];

function gameIdOf(value: string | undefined): number {
  const n = Number(value);
  if (value === undefined || !/^\d{1,10}$/.test(value) || !Number.isSafeInteger(n) || n <= 0)
    throw new CommandUsageError('game_id must be a positive integer');
  return n;
}

export const publisherKey: Command = {
  summary: 'Create, rotate, revoke or list the Publisher API keys of a game',
  usage: 'create|rotate|revoke|list <game_id> [key_id]',

  async run(ctx, args) {
    const [action, game, keyId] = args;
    if (!ACTIONS.includes(action as Action))
      throw new CommandUsageError(`the first argument is one of ${ACTIONS.join(', ')}`);
    if (args.length !== (action === 'revoke' ? 3 : 2))
      throw new CommandUsageError(
        action === 'revoke' ? 'revoke takes <game_id> <key_id>' : `${action} takes <game_id>`,
      );
    const gameId = gameIdOf(game);
    const keys = ctx.container.publisherKeys;
    try {
      switch (action as Action) {
        case 'create':
        case 'rotate': {
          const issued =
            action === 'create' ? await keys.create(gameId) : await keys.rotate(gameId);
          ctx.out(`game: ${issued.gameId}`);
          ctx.out(`key id: ${issued.keyId}`);
          ctx.out(`secret: ${issued.secret}`);
          ctx.out('The secret is shown only now: give it to the game backend over a safe channel.');
          if (action === 'rotate')
            ctx.out('Switch the game to the new key, then revoke the old one.');
          return 0;
        }
        case 'revoke':
          await keys.revoke(gameId, keyId as string);
          ctx.out(`revoked: ${keyId}`);
          return 0;
        case 'list': {
          const list = await keys.list(gameId);
          const active = list.filter((k) => k.revokedAt === null);
          const revoked = list.filter((k) => k.revokedAt !== null);
          for (const k of active)
            ctx.out(`${k.keyId}\tactive\tcreated ${k.createdAt.toISOString()}`);
          for (const k of revoked)
            ctx.out(
              `${k.keyId}\trevoked ${k.revokedAt?.toISOString() ?? ''}\tcreated ${k.createdAt.toISOString()}`,
            );
          if (list.length === 0) ctx.out(`game ${gameId} has no publisher keys`);
          return 0;
        }
      }
    } catch (err) {
      if (!(err instanceof PublisherKeyError)) throw err;
      ctx.out(`error: ${err.message}`);
      return 1;
    }
  },
};
