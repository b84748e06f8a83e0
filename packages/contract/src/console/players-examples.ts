// Examples of the console's player support and HC Point adjustment calls
// (docs/console.md#support-players), spread into consoleExamples.
import type { CallBody, CallResult } from '../call';
import type { ConsoleApi, ConsoleCallName } from './api';

type PlayersCallName = Extract<
  ConsoleCallName,
  `consolePlayers${string}` | `consoleAdjustments${string}`
>;
export type PlayersExamples = {
  [K in PlayersCallName]: { body: CallBody<ConsoleApi[K]>; result: CallResult<ConsoleApi[K]> };
};

const now = 1_767_225_600; // 2026-01-01T00:00:00Z
const row = {
  id: 1001,
  account: 'demo',
  email: 'd***@example.com',
  phone: '+8613*******12',
  locked: false,
  createdAt: now,
  matched: 'account' as const,
};
const adjustment = {
  id: 5,
  accountId: 1001,
  account: 'demo',
  gameAccountId: 1,
  gameId: 1,
  uid: '100001',
  direction: 'credit' as const,
  amount: 500,
  reason: 'Compensation for the maintenance of 2026-01-01',
  status: 'applied' as const,
  requestedBy: 'mika',
  requestedAt: now,
  decidedBy: 'mika',
  decidedAt: now,
  decisionNote: null,
  balance: 1500,
};

export const playersExamples: PlayersExamples = {
  consolePlayersSearch: {
    body: { q: 'demo', kind: 'auto', size: 20 },
    result: { list: [row], nextCursor: null },
  },
  consolePlayersGet: {
    body: { id: 1001 },
    result: {
      id: 1001,
      account: 'demo',
      email: 'd***@example.com',
      phone: '+8613*******12',
      realName: { name: 'D**', idNumber: '1101**********1234' },
      locked: false,
      lockedAt: null,
      createdAt: now,
      language: 'en-US',
      deletionDueAt: null,
      erased: false,
      socialProviders: ['google'],
      gameAccounts: [
        {
          id: 1,
          gameId: 1,
          gameName: 'Demo Game',
          uid: '100001',
          displayName: 'Hero',
          bound: true,
          boundAt: now,
          unboundAt: null,
          basicNum: 1000,
          presentNum: 500,
        },
      ],
      sessions: [
        {
          id: 77,
          createdAt: now,
          lastSeenAt: now + 60,
          ip: '203.0.113.7',
          userAgent: 'Mozilla/5.0',
          remember: true,
        },
      ],
      canReveal: true,
    },
  },
  consolePlayersOrders: {
    body: { id: 1001, size: 20 },
    result: {
      list: [
        {
          cursor: 42,
          sdkOrderId: 'HC202601010000000042',
          gameId: 1,
          gameName: 'Demo Game',
          itemName: "Adventurer's Pack",
          price: 499,
          currency: 'USD',
          hcPrice: null,
          channel: 'card',
          status: 3,
          createdAt: now,
          paidAt: now + 30,
        },
      ],
      nextCursor: null,
    },
  },
  consolePlayersLedger: {
    body: { id: 1001, gameAccountId: 1, size: 20 },
    result: {
      list: [
        {
          cursor: 90,
          key: 'adjustment:5',
          kind: 'adjustment',
          change: 500,
          basicChange: 0,
          presentChange: 500,
          balance: 1500,
          at: now,
        },
      ],
      nextCursor: null,
    },
  },
  consolePlayersRedemptions: {
    body: { id: 1001, size: 20 },
    result: {
      list: [
        {
          cursor: 3,
          campaignId: 2,
          campaignName: 'Welcome 2026',
          gameId: 1,
          serverName: 'S1',
          roleName: 'Hero',
          status: 'delivered',
          at: now,
        },
      ],
      nextCursor: null,
    },
  },
  consolePlayersAudit: {
    body: { id: 1001, size: 20 },
    result: {
      list: [
        {
          cursor: 310,
          at: now,
          actorKind: 'operator',
          actor: 'mika',
          ip: '198.51.100.4',
          action: 'player.lock',
          before: { locked: false },
          after: { locked: true, reason: 'Chargeback fraud' },
        },
      ],
      nextCursor: null,
    },
  },
  consolePlayersReveal: {
    body: { id: 1001, field: 'email' },
    result: { field: 'email', value: 'demo@example.com' },
  },
  consolePlayersLock: {
    body: { id: 1001, locked: true, reason: 'Chargeback fraud' },
    result: { locked: true, sessionsEnded: 2 },
  },
  consolePlayersEndSessions: { body: { id: 1001, sessionId: 77 }, result: { sessionsEnded: 1 } },
  consolePlayersSendReset: {
    body: { id: 1001 },
    result: { email: 'd***@example.com', expiresIn: 600 },
  },
  consoleAdjustmentsCreate: {
    body: {
      accountId: 1001,
      gameAccountId: 1,
      direction: 'credit',
      amount: 500,
      reason: 'Compensation for the maintenance of 2026-01-01',
      idempotencyKey: '6f1c2b9e-3d4a-4f5b-9c8d-7e6f5a4b3c2d',
    },
    result: adjustment,
  },
  consoleAdjustmentsList: {
    body: { status: 'pending', size: 20 },
    result: {
      list: [{ ...adjustment, amount: 5000, status: 'pending', decidedBy: null, decidedAt: null }],
      nextCursor: null,
    },
  },
  consoleAdjustmentsApprove: {
    body: { id: 5, note: 'Checked with the ticket' },
    result: { ...adjustment, decidedBy: 'alice', decisionNote: 'Checked with the ticket' },
  },
  consoleAdjustmentsReject: {
    body: { id: 5 },
    result: { ...adjustment, status: 'rejected', decidedBy: 'alice' },
  },
};
