// findNul names where the first NUL is: the path of keys and indexes from the given prefix.
import { describe, expect, it } from 'vitest';
import { findNul } from './input-guard';

describe('findNul', () => {
  it('finds nothing in clean input', () => {
    expect(findNul({ a: ['x', { b: 'y' }], c: 1, d: null }, '')).toBeUndefined();
    expect(findNul({ 'user-agent': 'x' }, 'headers')).toBeUndefined();
  });

  it('names the value, from the prefix, through keys and array indexes', () => {
    expect(findNul({ a: ['x', { b: 'y\u0000' }] }, '')).toBe('a.1.b');
    expect(findNul({ token: 'x\u0000' }, 'headers')).toBe('headers.token');
    expect(findNul('x\u0000', 'query')).toBe('query');
    expect(findNul({ a: { '': 'x\u0000' } }, '')).toBe('a.');
  });

  it('names a key holding a NUL, written as \\u0000', () => {
    expect(findNul({ nested: { 'k\u0000': 'v' } }, '')).toBe('nested.k\\u0000');
  });
});
