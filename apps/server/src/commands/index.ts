// Every operator command, by name. Each lives in its own file next to this one.
import { analyticsReportCommand } from './analytics-report';
import { importAccountsCommand } from './import-accounts';
import { operator } from './operator';
import { publisherKey } from './publisher-key';
import { redeemBatch } from './redeem';
import { reencrypt } from './reencrypt';
import { refund } from './refund';
import { seedDemo } from './seed-demo';
import type { Command } from './types';

export const commands: Readonly<Record<string, Command>> = {
  'analytics-report': analyticsReportCommand,
  'import-accounts': importAccountsCommand,
  operator,
  'publisher-key': publisherKey,
  'redeem-batch': redeemBatch,
  reencrypt,
  refund,
  'seed-demo': seedDemo,
};
