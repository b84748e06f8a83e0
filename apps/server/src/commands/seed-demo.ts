// `npm run portal -- seed-demo [--allow-production]` (ADR 0032): loads the demo data (the demo
// game, its packs and servers, the demo account and its gift code) into this database, step by
// step where it is missing, as the server does at start outside production. A production start
// never seeds (SEED_DEMO=true is refused there); a test deployment run with NODE_ENV=production
// (the benchmarks) asks for the data with this command, and must say --allow-production,
// because the demo account's password and the gift code are published.
import { runSeedSteps } from '../db/seed';
import { demoSeedSteps } from '../db/seeds/demo';
import { CommandUsageError, type Command } from './types';

export const ALLOW_PRODUCTION_FLAG = '--allow-production';

export const seedDemo: Command = {
  summary: 'Load the demo data (account, game, packs, gift code); test databases only',
  usage: `[${ALLOW_PRODUCTION_FLAG}]`,

  async run(ctx, args) {
    const unknown = args.filter((a) => a !== ALLOW_PRODUCTION_FLAG);
    if (unknown.length > 0)
      throw new CommandUsageError(`seed-demo takes only ${ALLOW_PRODUCTION_FLAG}`);
    if (ctx.container.config.isProduction && !args.includes(ALLOW_PRODUCTION_FLAG))
      throw new CommandUsageError(
        'NODE_ENV=production: the demo account and gift code have published credentials; ' +
          `add ${ALLOW_PRODUCTION_FLAG} only for a test deployment`,
      );
    const seeded = await runSeedSteps(ctx.container.database, demoSeedSteps);
    ctx.out(seeded.length > 0 ? `seeded: ${seeded.join(', ')}` : 'demo data already present');
    return 0;
  },
};
