// Examples of the console's games, servers and gift-code calls (docs/console.md#games-and-servers,
// docs/console.md#gift-codes), spread into consoleExamples.
import type { CallBody, CallResult } from '../call';
import type { ConsoleApi, ConsoleCallName } from './api';

type GamesCallName = Extract<
  ConsoleCallName,
  `consoleGames${string}` | `consoleServers${string}` | `consoleGift${string}`
>;
export type GamesExamples = {
  [K in GamesCallName]: { body: CallBody<ConsoleApi[K]>; result: CallResult<ConsoleApi[K]> };
};

const now = 1_767_225_600; // 2026-01-01T00:00:00Z
const gateway = {
  source: 'database' as const,
  url: 'https://game.example.com/hc-gateway',
  keyFingerprint: '9f86d081884c7d65',
  credentials: 'portal' as const,
  rotatedAt: now,
};
const game = {
  id: 1,
  names: { 'en-US': 'Dragon Realm', 'zh-CN': '龙之国度' },
  icons: { 'en-US': '/media/3f4a9c1e0b7d2a6c5e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d.png' },
  platforms: ['android' as const, 'ios' as const],
  sort: 0,
  missingLanguages: ['zh-HK', 'zh-TW', 'th-TH', 'ko-KR', 'ja-JP', 'vi-VN', 'de-DE'] as Array<
    'zh-HK' | 'zh-TW' | 'th-TH' | 'ko-KR' | 'ja-JP' | 'vi-VN' | 'de-DE'
  >,
  gateway,
  credentials: {
    effective: 'portal' as const,
    console: 'portal' as const,
    environment: 'portal' as const,
  },
  servers: { total: 3, maintenance: 1 },
  updatedAt: now,
};
const server = {
  gameId: 1,
  serverId: 101,
  name: 'S1 Dawn',
  state: 'maintenance' as const,
  maintenanceMessage: { 'en-US': 'Back at 10:00 UTC', 'zh-CN': '预计 UTC 10:00 恢复' },
  updatedAt: now,
};
const campaign = {
  id: 7,
  gameId: 1,
  name: 'Launch week',
  kind: 'single' as const,
  reward: { type: 'items' as const, cpGoodsId: 'pack_starter' },
  perAccountLimit: 1,
  totalCap: null,
  startsAt: now,
  expiresAt: now + 30 * 86_400,
  revokedAt: null,
  status: 'active' as const,
  usage: { codes: 1000, revoked: 2, redeemed: 140, remaining: 858, exportable: 1000 },
  createdAt: now,
};

export const gamesExamples: GamesExamples = {
  consoleGamesList: {
    body: { page: 1, size: 20 },
    result: { list: [game], total: 1, page: 1, size: 20 },
  },
  consoleGamesGet: { body: { id: 1 }, result: game },
  consoleGamesCreate: {
    body: { id: 1, names: game.names, icons: game.icons, platforms: game.platforms, sort: 0 },
    result: game,
  },
  consoleGamesUpdate: { body: { id: 1, names: game.names, credentials: 'portal' }, result: game },
  consoleGamesGatewaySet: {
    body: { gameId: 1, url: gateway.url },
    result: { gateway, secret: 'hZ3kP9wQ2xN7vB4mC8rT1yL6sD0fG5jA' },
  },
  consoleGamesGatewayRotate: {
    body: { gameId: 1 },
    result: { gateway, secret: 'hZ3kP9wQ2xN7vB4mC8rT1yL6sD0fG5jA' },
  },
  consoleGamesGatewayTest: { body: { gameId: 1 }, result: { ok: true, latencyMs: 42, servers: 3 } },
  consoleServersList: {
    body: { gameId: 1, page: 1, size: 20 },
    result: { list: [server], total: 1, page: 1, size: 20 },
  },
  consoleServersSync: { body: { gameId: 1 }, result: { added: 1, renamed: 0, total: 3 } },
  consoleServersUpdate: {
    body: {
      gameId: 1,
      serverId: 101,
      state: 'maintenance',
      maintenanceMessage: server.maintenanceMessage,
      postBulletin: true,
    },
    result: { server, bulletinId: 12 },
  },
  consoleGiftCampaignsList: {
    body: { gameId: 1, page: 1, size: 20 },
    result: { list: [campaign], total: 1, page: 1, size: 20 },
  },
  consoleGiftCampaignsGet: { body: { id: 7 }, result: campaign },
  consoleGiftCampaignsCreate: {
    body: {
      gameId: 1,
      name: 'Launch week',
      kind: 'single',
      reward: { type: 'items', cpGoodsId: 'pack_starter' },
      perAccountLimit: 1,
      totalCap: null,
      startsAt: now,
      expiresAt: now + 30 * 86_400,
    },
    result: { campaign },
  },
  consoleGiftCampaignsUpdate: { body: { id: 7, name: 'Launch week (extended)' }, result: campaign },
  consoleGiftCampaignsRevoke: {
    body: { id: 7 },
    result: { ...campaign, status: 'revoked', revokedAt: now },
  },
  consoleGiftCodesGenerate: {
    body: { campaignId: 7, count: 1000 },
    result: { generated: 1000, campaign },
  },
  consoleGiftCodesExport: {
    body: { campaignId: 7 },
    result:
      'code,campaign_id,status,uses,expires_at\nABCD-EFGH-JKLM-NPQR,7,unused,0,2026-01-31T00:00:00.000Z\n',
  },
  consoleGiftCodesRevoke: {
    body: { campaignId: 7, code: 'ABCDEFGHJKLMNPQR' },
    result: { success: true, campaign },
  },
};
