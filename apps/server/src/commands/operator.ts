// `npm run portal -- operator create|list|reset-two-factor|disable ...` (docs/console.md): the
// console's operators from the command line. Every change is audited with actor kind `cli`.
//   create <name> [--role R ...] [--display-name TEXT]  a new operator (default role owner);
//                                                      prints the one-time setup link (24 hours)
//   list                                               every operator, roles and state
//   reset-two-factor <name>                            removes the second factor (a lost phone)
//   disable <name>                                     no sign-in any more; sessions end
import { ErrorCode, OPERATOR_ROLES, operatorName, type OperatorRole } from '@hc/contract';
import { isAppError } from '../lib/app-error';
import { OperatorCommandError } from '../modules/console/operators.service';
import { CommandUsageError, type Command } from './types';

const ACTIONS = ['create', 'list', 'reset-two-factor', 'disable'] as const;
type Action = (typeof ACTIONS)[number];
const CLI = { kind: 'cli' as const, name: 'cli' };

function parseCreate(args: readonly string[]) {
  const [name, ...rest] = args;
  if (name === undefined || !operatorName.safeParse(name).success)
    throw new CommandUsageError('create takes <name>: 3 to 32 lowercase letters, digits, _ . or -');
  const roles: OperatorRole[] = [];
  let displayName = name;
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i];
    const value = rest[i + 1];
    if (flag === '--role' && value !== undefined) {
      if (!(OPERATOR_ROLES as readonly string[]).includes(value))
        throw new CommandUsageError(`--role is one of ${OPERATOR_ROLES.join(', ')}`);
      roles.push(value as OperatorRole);
      i++;
    } else if (flag === '--display-name' && value !== undefined && value.trim() !== '') {
      displayName = value.trim().slice(0, 64);
      i++;
    } else throw new CommandUsageError(`unknown option ${flag ?? ''}`);
  }
  return { name, displayName, roles: roles.length === 0 ? (['owner'] as OperatorRole[]) : roles };
}

export const operator: Command = {
  summary: 'Create, list, reset the second factor of, or disable console operators',
  usage: 'create <name> [--role R]... [--display-name T] | list | reset-two-factor|disable <name>',

  async run(ctx, args) {
    const [action, ...rest] = args;
    if (!ACTIONS.includes(action as Action))
      throw new CommandUsageError(`the first argument is one of ${ACTIONS.join(', ')}`);
    const ops = ctx.container.consoleOperators;
    try {
      switch (action as Action) {
        case 'create': {
          const input = parseCreate(rest);
          const link = await ops.invite(input, CLI);
          ctx.out(`operator: ${input.name} (${input.roles.join(', ')})`);
          ctx.out(`setup link: ${link.setupUrl}`);
          ctx.out(`expires: ${link.expiresAt.toISOString()}`);
          ctx.out('Open it to choose a password; it works once and is shown only now.');
          return 0;
        }
        case 'list': {
          if (rest.length !== 0) throw new CommandUsageError('list takes no arguments');
          const list = await ops.list();
          for (const o of list)
            ctx.out(
              [
                o.name,
                o.roles.join(','),
                o.disabled ? 'disabled' : o.setUp ? 'active' : 'setup pending',
                o.twoFactorEnabled ? '2fa' : 'no 2fa',
              ].join('\t'),
            );
          if (list.length === 0) ctx.out('no operators');
          return 0;
        }
        case 'reset-two-factor':
        case 'disable': {
          if (rest.length !== 1) throw new CommandUsageError(`${action} takes <name>`);
          const id = await ops.idOfName(rest[0] as string);
          if (action === 'disable') await ops.update({ id, disabled: true }, CLI);
          else await ops.resetTwoFactor(id, CLI);
          ctx.out(`${action === 'disable' ? 'disabled' : 'two-factor reset'}: ${rest[0]}`);
          return 0;
        }
      }
    } catch (err) {
      if (err instanceof OperatorCommandError) {
        ctx.out(`error: ${err.message}`);
        return 1;
      }
      if (isAppError(err)) {
        ctx.out(
          `error: ${err.code === ErrorCode.OperatorNameTaken ? 'an operator has this name' : err.message}`,
        );
        return 1;
      }
      throw err;
    }
  },
};
