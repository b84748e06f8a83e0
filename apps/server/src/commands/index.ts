// Every operator command, by name. Each lives in its own file next to this one.
import { redeemBatch } from './redeem';
import { refund } from './refund';
import type { Command } from './types';

export const commands: Readonly<Record<string, Command>> = {
  'redeem-batch': redeemBatch,
  refund,
};
