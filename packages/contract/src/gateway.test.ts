// Game gateway protocol: signing, verification (tolerance, tampering) and the call schemas (docs/game-gateway.md).
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  GATEWAY_SIGNATURE_HEADER,
  GATEWAY_TIMESTAMP_HEADER,
  constantTimeEqual,
  gatewayDeliverRequestSchema,
  gatewayDeliverResultSchema,
  gatewayRolesResponseSchema,
  gatewayServersResponseSchema,
  signGatewayRequest,
  verifyGatewaySignature,
} from './gateway';

const secret = 'test-secret';
const body = JSON.stringify({ game_id: 1 });
const now = 1_800_000_000;

describe('signGatewayRequest', () => {
  it('signs `${timestamp}.${body}` with hex HMAC-SHA256 (same as node:crypto)', async () => {
    const headers = await signGatewayRequest(secret, body, now);
    expect(headers[GATEWAY_TIMESTAMP_HEADER]).toBe(String(now));
    const expected = createHmac('sha256', secret).update(`${now}.${body}`).digest('hex');
    expect(headers[GATEWAY_SIGNATURE_HEADER]).toBe(expected);
  });
});

describe('verifyGatewaySignature', () => {
  it('accepts a fresh, correctly signed request (plain record or Headers)', async () => {
    const headers = await signGatewayRequest(secret, body, now);
    expect(await verifyGatewaySignature(secret, body, headers, now + 10)).toEqual({ ok: true });
    expect(await verifyGatewaySignature(secret, body, new Headers({ ...headers }), now)).toEqual({
      ok: true,
    });
  });

  it('accepts up to 300 s of clock skew either way and rejects beyond', async () => {
    const headers = await signGatewayRequest(secret, body, now);
    expect((await verifyGatewaySignature(secret, body, headers, now + 300)).ok).toBe(true);
    expect((await verifyGatewaySignature(secret, body, headers, now - 300)).ok).toBe(true);
    expect(await verifyGatewaySignature(secret, body, headers, now + 301)).toEqual({
      ok: false,
      reason: 'stale_timestamp',
    });
    expect(await verifyGatewaySignature(secret, body, headers, now - 301)).toEqual({
      ok: false,
      reason: 'stale_timestamp',
    });
  });

  it('rejects a changed body, a wrong secret and a changed timestamp', async () => {
    const headers = await signGatewayRequest(secret, body, now);
    const bad = { ok: false, reason: 'bad_signature' };
    expect(await verifyGatewaySignature(secret, body + ' ', headers, now)).toEqual(bad);
    expect(await verifyGatewaySignature('other', body, headers, now)).toEqual(bad);
    const moved = { ...headers, [GATEWAY_TIMESTAMP_HEADER]: String(now + 1) };
    expect(await verifyGatewaySignature(secret, body, moved, now)).toEqual(bad);
  });

  it('rejects missing headers and a malformed timestamp', async () => {
    expect(await verifyGatewaySignature(secret, body, {}, now)).toEqual({
      ok: false,
      reason: 'missing_headers',
    });
    const headers = await signGatewayRequest(secret, body, now);
    const weird = { ...headers, [GATEWAY_TIMESTAMP_HEADER]: '1e9' };
    expect((await verifyGatewaySignature(secret, body, weird, now)).ok).toBe(false);
  });
});

describe('constantTimeEqual', () => {
  it('compares content and length', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
  });
});

describe('gateway schemas', () => {
  it('servers: state is 0 or 1', () => {
    const ok = { servers: [{ server_id: 1, server_name: 'Dawn', state: 0 }] };
    expect(gatewayServersResponseSchema.parse(ok)).toEqual(ok);
    expect(
      gatewayServersResponseSchema.safeParse({
        servers: [{ server_id: 1, server_name: 'Dawn', state: 2 }],
      }).success,
    ).toBe(false);
  });

  it('roles: level is optional, role ids are strings', () => {
    expect(
      gatewayRolesResponseSchema.parse({ roles: [{ role_id: 'r1', role_name: 'Aria' }] }).roles,
    ).toHaveLength(1);
    expect(
      gatewayRolesResponseSchema.safeParse({ roles: [{ role_id: 1, role_name: 'Aria' }] }).success,
    ).toBe(false);
  });

  it('deliver: needs at least one item with a positive count', () => {
    const req = {
      game_id: 1,
      delivery_id: 'd-1',
      order_id: 'o-1',
      uid: 1,
      server_id: 1,
      role_id: 'r1',
      items: [{ item_id: 'gem', name: 'Gems', count: 60 }],
    };
    expect(gatewayDeliverRequestSchema.safeParse(req).success).toBe(true);
    expect(gatewayDeliverRequestSchema.safeParse({ ...req, items: [] }).success).toBe(false);
    expect(
      gatewayDeliverRequestSchema.safeParse({
        ...req,
        items: [{ item_id: 'gem', name: 'Gems', count: 0 }],
      }).success,
    ).toBe(false);
    const res = { delivery_id: 'd-1', status: 'applied', applied_at: now, duplicate: false };
    expect(gatewayDeliverResultSchema.parse(res)).toEqual(res);
    expect(gatewayDeliverResultSchema.safeParse({ ...res, status: 'queued' }).success).toBe(false);
  });
});
