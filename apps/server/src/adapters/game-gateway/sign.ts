// Server-side signing of game gateway requests (docs/game-gateway.md): the same
// bytes as the contract's signGatewayRequest (hex HMAC-SHA256 over `${timestamp}.${body}`), with
// node:crypto's synchronous createHmac instead of Web Crypto's importKey + sign, which cost a
// noticeable share of the pay path's CPU (ADR 0023). The contract's function stays for the
// browser, the demo game and tests; sign.test.ts proves both give the same headers.
import { createHmac } from 'node:crypto';
import {
  GATEWAY_SIGNATURE_HEADER,
  GATEWAY_TIMESTAMP_HEADER,
  type GatewaySignatureHeaders,
} from '@hc/contract';

/** The two headers to send with `body` (the exact bytes that go on the wire). */
export function signGatewayRequestNode(
  secret: string,
  body: string,
  nowSeconds: number,
): GatewaySignatureHeaders {
  const timestamp = String(Math.floor(nowSeconds));
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return { [GATEWAY_TIMESTAMP_HEADER]: timestamp, [GATEWAY_SIGNATURE_HEADER]: signature };
}
