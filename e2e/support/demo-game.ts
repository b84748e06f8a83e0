// Browser-suite helpers for the demo game backend started by e2e/global-setup.ts
// (E2E_DEMO_GAME_URL): read a role's inventory and the grant counts through its /_demo/ admin API.
import type { APIRequestContext } from '@playwright/test';

export interface DemoInventoryItem {
  item_id: string;
  name: string;
  count: number;
}

export interface DemoGrants {
  /** Per delivery id: times applied (1 when correct) and deliver calls received. */
  deliveries: Record<string, { applied: number; requests: number; order_id: string }>;
  /** Per portal order number: deliveries applied. */
  orders: Record<string, number>;
}

/** The demo account's roles (apps/demo-game/src/state.ts): uid 1, Aria and Bran on Dawn. */
export const DEMO_ROLES = {
  uid: 1,
  dawn: { server_id: 1, server_name: 'Dawn' },
  aria: { role_id: 'r-1-1', role_name: 'Aria' },
  bran: { role_id: 'r-1-2', role_name: 'Bran' },
} as const;

export function demoGameUrl(): string {
  const url = process.env.E2E_DEMO_GAME_URL;
  if (!url) throw new Error('E2E_DEMO_GAME_URL is not set: run through `npx playwright test`.');
  return url;
}

export async function demoInventory(
  request: APIRequestContext,
  uid: number,
  serverId: number,
  roleId: string,
): Promise<DemoInventoryItem[]> {
  const res = await request.get(`${demoGameUrl()}/_demo/inventory`, {
    params: { uid, server_id: serverId, role_id: roleId },
  });
  if (!res.ok()) throw new Error(`demo game inventory: HTTP ${res.status()}`);
  return ((await res.json()) as { items: DemoInventoryItem[] }).items;
}

export async function demoGrants(request: APIRequestContext): Promise<DemoGrants> {
  const res = await request.get(`${demoGameUrl()}/_demo/grants`);
  if (!res.ok()) throw new Error(`demo game grants: HTTP ${res.status()}`);
  return (await res.json()) as DemoGrants;
}

/** Count of one item in a role's inventory (0 when absent). */
export async function demoItemCount(
  request: APIRequestContext,
  roleId: string,
  itemId: string,
  serverId: number = DEMO_ROLES.dawn.server_id,
  uid: number = DEMO_ROLES.uid,
): Promise<number> {
  const items = await demoInventory(request, uid, serverId, roleId);
  return items.find((i) => i.item_id === itemId)?.count ?? 0;
}

/** The demo game's fault switches (apps/demo-game/src/state.ts `Switches`). */
export interface DemoSwitches {
  latencyMs: number;
  /** 0..1: share of signed calls answered 503 (1: the game is down). */
  failureRate: number;
  applyThenTimeout: number;
  hangMs: number;
}

/** Changes some of the demo game's fault switches; answers all of them as they are now. */
export async function setDemoSwitches(
  request: APIRequestContext,
  switches: Partial<DemoSwitches>,
): Promise<DemoSwitches> {
  const res = await request.post(`${demoGameUrl()}/_demo/switches`, { data: switches });
  if (!res.ok()) throw new Error(`demo game switches: HTTP ${res.status()}`);
  return (await res.json()) as DemoSwitches;
}
