// docs/product/analytics.md#events buy_request / buy_done: buy_request when the pay button has created an order
// (type game_pack or hc_point, region = server id), buy_done once per order when its page sees
// it completed. The order's type and region, and the orders already reported, are remembered in
// sessionStorage so a reload of the order page neither loses them nor reports twice.
import { track } from './track';

/** The contract's order_type: game = game pack, coin = HC Point pack. */
export type OrderType = 'game' | 'coin';

const STORE_KEY = 'hc_analytics_orders';
/** Orders remembered per tab; the oldest are forgotten beyond this. */
const MAX_ORDERS = 50;

interface OrderNote {
  type?: string;
  region?: string;
  done?: boolean;
}

export const orderAnalyticsType = (orderType: OrderType): string =>
  orderType === 'game' ? 'game_pack' : 'hc_point';

function load(): Record<string, OrderNote> {
  try {
    const raw = window.sessionStorage.getItem(STORE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return typeof parsed === 'object' && parsed !== null
      ? (parsed as Record<string, OrderNote>)
      : {};
  } catch {
    return {};
  }
}

function save(notes: Record<string, OrderNote>): void {
  const entries = Object.entries(notes).slice(-MAX_ORDERS);
  try {
    window.sessionStorage.setItem(STORE_KEY, JSON.stringify(Object.fromEntries(entries)));
  } catch {
    /* storage full or blocked: at worst buy_done may repeat after a reload */
  }
}

export function trackBuyRequest(sdkOrderId: string, orderType: OrderType, serverId: number): void {
  const note = { type: orderAnalyticsType(orderType), region: String(serverId) };
  const notes = load();
  notes[sdkOrderId] = note;
  save(notes);
  track('buy_request', note);
}

/** Once per order and tab; type and region when this tab created the order. */
export function trackBuyDone(sdkOrderId: string): void {
  const notes = load();
  const note = notes[sdkOrderId] ?? {};
  if (note.done) return;
  notes[sdkOrderId] = { ...note, done: true };
  save(notes);
  track('buy_done', {
    ...(note.type ? { type: note.type } : {}),
    ...(note.region ? { region: note.region } : {}),
  });
}
