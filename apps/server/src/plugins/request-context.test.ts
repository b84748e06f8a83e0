// Request ids and docs/product/api.md#request-headers header log bindings.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { genReqId, headerBindings } from './request-context';

const req = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe('request context', () => {
  it('honours a sane x-request-id and replaces anything else', () => {
    expect(genReqId(req({ 'x-request-id': 'lb-123.abc:9' }))).toBe('lb-123.abc:9');
    expect(genReqId(req({ 'x-request-id': 'x'.repeat(65) }))).toMatch(/^[0-9a-f-]{36}$/);
    expect(genReqId(req({ 'x-request-id': 'a b' }))).toMatch(/^[0-9a-f-]{36}$/);
    expect(genReqId(req({}))).not.toBe(genReqId(req({})));
  });

  it('binds the docs/product/api.md#request-headers headers, truncated, and the token only as a flag', () => {
    const bindings = headerBindings({
      version: '1',
      clientid: 'c'.repeat(100),
      token: 'secret-token',
      cookie: 'x',
    });
    expect(bindings).toEqual({ version: '1', clientid: 'c'.repeat(64), hasToken: true });
    expect(headerBindings({})).toEqual({ hasToken: false });
  });
});
