// The demo gift code: `WELCOME2026`, a shared code of the demo game that every
// account can redeem once, for the seeded Starter Pack (60 Gems, 5,000 Gold, 1 Summon Scroll).
// No expiry and no total cap. Shared codes are meant to be public, so this one is a word.
import { createGiftCodesRepository } from '../../modules/gift-codes/gift-codes.repository';
import { createGiftCodeBatch } from '../../modules/gift-codes/gift-codes.service';
import type { SeedStep } from '../seed';

const GAME_ID = 1; // DEMO_GAME_ID (demo.ts imports this file, so the value is repeated here)
export const DEMO_GIFT_CODE = 'WELCOME2026';
/** A game pack seeded by demo-catalog (products are not duplicated for gifts). */
const DEMO_REDEEM_PACK = 'pack_starter';

export const demoGiftCodes: SeedStep = {
  // The step's name is stored in seeded databases (db/seed.ts), so it keeps its first name.
  name: 'demo-redeem',
  isNeeded: async (db) => {
    const repo = createGiftCodesRepository(db);
    return (
      (await repo.countBatches()) === 0 &&
      (await repo.packByGoodsId(GAME_ID, DEMO_REDEEM_PACK)) !== undefined
    );
  },
  async run(db) {
    await createGiftCodeBatch(
      db,
      {
        gameId: GAME_ID,
        product: DEMO_REDEEM_PACK,
        kind: 'shared',
        count: 1,
        code: DEMO_GIFT_CODE,
        name: 'Welcome gift (demo)',
        expiresAt: null,
        totalCap: null,
        perAccountLimit: 1,
      },
      new Date(),
    );
  },
};
