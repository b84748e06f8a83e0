// docs/product/top-up.md#order-statuses order status mapping, every value.
import { describe, expect, it } from 'vitest';
import {
  CLIENT_ORDER_STATUSES,
  ClientOrderStatus,
  SERVER_ORDER_STATUSES,
  ServerOrderStatus,
  displayStatus,
  isServerOrderStatus,
  toClientStatus,
  toServerFilter,
} from './status';

describe('toClientStatus (docs/product/top-up.md#order-statuses: 1→1, 2→4, 3→3, 4→3, 5→5, 6→1)', () => {
  it.each([
    [1, 1],
    [2, 4],
    [3, 3],
    [4, 3],
    [5, 5],
    [6, 1],
  ] as const)('server %i -> client %i', (server, client) => {
    expect(toClientStatus(server)).toBe(client);
  });

  it('names match the numbers', () => {
    expect(ServerOrderStatus).toEqual({
      Unpaid: 1,
      Delivered: 2,
      Failed: 3,
      Closed: 4,
      Refunded: 5,
      Paid: 6,
    });
    expect(ClientOrderStatus).toEqual({ Unpaid: 1, Paid: 2, Failed: 3, Completed: 4, Refunded: 5 });
    expect([...SERVER_ORDER_STATUSES]).toEqual([1, 2, 3, 4, 5, 6]);
    expect([...CLIENT_ORDER_STATUSES]).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('toServerFilter', () => {
  it.each([
    [1, 1],
    [2, 6],
    [3, 3],
    [4, 2],
    [5, 5],
  ] as const)('client filter %i -> server %i', (client, server) => {
    expect(toServerFilter(client)).toBe(server);
  });

  it('docs/product/top-up.md#order-statuses: filter value 4 is sent as 2', () => {
    expect(toServerFilter(ClientOrderStatus.Completed)).toBe(ServerOrderStatus.Delivered);
  });

  it('a filter asks for orders that map back to the same client status, except paid (6 shows as 1, docs/product/top-up.md)', () => {
    for (const client of CLIENT_ORDER_STATUSES) {
      const back = toClientStatus(toServerFilter(client));
      if (client === ClientOrderStatus.Paid) expect(back).toBe(ClientOrderStatus.Unpaid);
      else expect(back).toBe(client);
    }
  });
});

describe('displayStatus (docs/decisions/0009-order-status-meaning.md: paid but not delivered is processing, never unpaid)', () => {
  it.each([
    [1, 'unpaid'],
    [2, 'completed'],
    [3, 'failed'],
    [4, 'failed'],
    [5, 'refunded'],
    [6, 'processing'],
  ] as const)('server %i -> %s', (server, label) => {
    expect(displayStatus(server)).toBe(label);
  });

  it('never shows unpaid for a paid order even though its client number is 1', () => {
    expect(toClientStatus(ServerOrderStatus.Paid)).toBe(ClientOrderStatus.Unpaid);
    expect(displayStatus(ServerOrderStatus.Paid)).not.toBe('unpaid');
  });
});

describe('isServerOrderStatus', () => {
  it('accepts 1..6 only', () => {
    for (const s of SERVER_ORDER_STATUSES) expect(isServerOrderStatus(s)).toBe(true);
    for (const v of [0, 7, 2.5, '2', null, undefined]) expect(isServerOrderStatus(v)).toBe(false);
  });
});
