// Demo data for `npm start` and the tests: one game on Android and PC (its servers and roles come
// from apps/demo-game through the gateway), the demo account demo/demo1234 with a bound game account, a pinned bulletin.
// Later issues append their own steps (catalog, articles) to `demoSeedSteps`.
import { createAccountsRepository } from '../../modules/auth/accounts.repository';
import { createBulletinsRepository } from '../../modules/content/bulletins.repository';
import { createOperatorsRepository } from '../../modules/console/operators.repository';
import { createGamesRepository } from '../../modules/games/games.repository';
import { hashPassword } from '../../lib/password';
import type { SeedStep } from '../seed';
import { demoBulletinTexts } from './demo-bulletin';
import { demoCatalog } from './demo-catalog';
import { demoContent } from './demo-content';
import { demoGiftCodes } from './demo-gift-codes';

export const DEMO_GAME_ID = 1;
// Inline so the demo needs no image file; CSP allows data: images.
const DEMO_GAME_ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1c7ed6"/>' +
      '<text x="32" y="41" font-family="sans-serif" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">DG</text></svg>',
  );
export const DEMO_ACCOUNT = {
  account: 'demo',
  password: 'demo1234',
  email: 'demo@example.com',
  /** E.164; phone login and reset. */
  phone: '+15550100',
} as const;

const demoGame: SeedStep = {
  name: 'demo-game',
  isNeeded: async (db) => (await createGamesRepository(db).count()) === 0,
  async run(db) {
    const games = createGamesRepository(db);
    await games.insert({
      id: DEMO_GAME_ID,
      name: 'Demo Game',
      icon: DEMO_GAME_ICON,
      platforms: ['android', 'pc'],
      sort: 0,
    });
  },
};

const demoAccount: SeedStep = {
  name: 'demo-account',
  isNeeded: async (db) =>
    (await createAccountsRepository(db).count()) === 0 &&
    (await createGamesRepository(db).exists(DEMO_GAME_ID)),
  async run(db) {
    const accounts = createAccountsRepository(db);
    const accountId = await accounts.insert({
      account: DEMO_ACCOUNT.account,
      email: DEMO_ACCOUNT.email,
      phone: DEMO_ACCOUNT.phone,
      passwordHash: await hashPassword(DEMO_ACCOUNT.password),
    });
    await accounts.bindGameAccount(accountId, DEMO_GAME_ID);
  },
};

/** The demo console operator (docs/console.md): an owner without a second factor. */
export const DEMO_OPERATOR = { name: 'operator', password: 'operator1234' } as const;

const demoOperator: SeedStep = {
  name: 'demo-operator',
  isNeeded: async (db) => (await createOperatorsRepository(db).count()) === 0,
  async run(db) {
    await createOperatorsRepository(db).insert({
      name: DEMO_OPERATOR.name,
      displayName: 'Demo operator',
      roles: ['owner'],
      passwordHash: await hashPassword(DEMO_OPERATOR.password),
      at: new Date(),
    });
  },
};

const demoBulletin: SeedStep = {
  name: 'demo-bulletin',
  isNeeded: async (db) => (await createBulletinsRepository(db).count()) === 0,
  async run(db, { now }) {
    await createBulletinsRepository(db).insert({
      pinned: true,
      texts: demoBulletinTexts,
      link: '/main/event',
      beginsAt: now,
    });
  },
};

export const demoSeedSteps: readonly SeedStep[] = [
  demoGame,
  demoAccount,
  demoOperator,
  demoBulletin,
  demoCatalog,
  demoGiftCodes,
  demoContent,
];
