// The server's node:crypto signer must produce exactly the contract's Web Crypto signature
// (docs/game-gateway.md): the demo game and real games verify with the contract's rules.
import { GATEWAY_SIGNATURE_HEADER, signGatewayRequest, verifyGatewaySignature } from '@hc/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signGatewayRequestNode } from './sign';

describe('signGatewayRequestNode (docs/game-gateway.md gateway signature)', () => {
  it('gives the same headers as the contract for a known request', async () => {
    const body = JSON.stringify({ game_id: 1, uid: 7, server_id: 2 });
    const node = signGatewayRequestNode('dev-secret', body, 1_795_000_000.9);
    expect(node).toEqual(await signGatewayRequest('dev-secret', body, 1_795_000_000.9));
    expect(node[GATEWAY_SIGNATURE_HEADER]).toMatch(/^[0-9a-f]{64}$/);
    expect(node['x-hc-timestamp']).toBe('1795000000');
  });

  it('matches the contract for any secret, body (any Unicode) and time', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 80, unit: 'grapheme' }),
        fc.string({ maxLength: 400, unit: 'grapheme' }),
        fc.integer({ min: 0, max: 4_000_000_000 }),
        async (secret, body, now) => {
          const node = signGatewayRequestNode(secret, body, now);
          expect(node).toEqual(await signGatewayRequest(secret, body, now));
          expect(await verifyGatewaySignature(secret, body, node, now)).toEqual({ ok: true });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('differs when the secret, body or timestamp differs', () => {
    const base = signGatewayRequestNode('s', '{}', 100)[GATEWAY_SIGNATURE_HEADER];
    expect(signGatewayRequestNode('t', '{}', 100)[GATEWAY_SIGNATURE_HEADER]).not.toBe(base);
    expect(signGatewayRequestNode('s', '{ }', 100)[GATEWAY_SIGNATURE_HEADER]).not.toBe(base);
    expect(signGatewayRequestNode('s', '{}', 101)[GATEWAY_SIGNATURE_HEADER]).not.toBe(base);
  });
});
