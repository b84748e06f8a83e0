// @vitest-environment jsdom
// The contract as the web app loads it: in a browser (here jsdom's document) the shared schemas
// are stand-ins built on first use (lazy.ts, ADR 0069). They must behave as the schemas do.
import { types } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { allCallEntries, exampleOf } from './all-calls';
import { currencyCode, pageQuery, serverId } from './common';
import { productSchema } from './catalog';
import { builtOnFirstUse } from './lazy';

describe('builtOnFirstUse in a browser', () => {
  it('builds nothing until the value is used, then builds it once', () => {
    const build = vi.fn(() => z.object({ id: z.number().int() }));
    const schema = builtOnFirstUse(build);
    expect(build).not.toHaveBeenCalled();
    expect(schema.parse({ id: 3 })).toEqual({ id: 3 });
    expect(schema.safeParse({ id: 'x' }).success).toBe(false);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('passes for the schema it stands for: instanceof, keys, nesting, modifiers', () => {
    const inner = builtOnFirstUse(() => z.string().min(2).describe('two or more'));
    const outer = builtOnFirstUse(() => z.object({ name: inner, tag: inner.optional() }));
    expect(outer).toBeInstanceOf(z.ZodObject);
    expect(inner).toBeInstanceOf(z.ZodString);
    expect(Object.keys(outer.shape)).toEqual(['name', 'tag']);
    expect('shape' in outer).toBe(true);
    expect(outer.parse({ name: 'ab' })).toEqual({ name: 'ab' });
    expect(outer.safeParse({ name: 'a' }).error?.issues[0]?.path).toEqual(['name']);
    expect(z.array(outer).parse([{ name: 'xy', tag: 'zz' }])).toHaveLength(1);
    expect(outer.extend({ n: z.number() }).parse({ name: 'ab', n: 1 })).toEqual({
      name: 'ab',
      n: 1,
    });
  });
});

describe('the contract in a browser', () => {
  it('holds its shared schemas as stand-ins until used', () => {
    expect(types.isProxy(productSchema)).toBe(true);
    expect(types.isProxy(serverId)).toBe(true);
    // Plain objects of fields stay plain (they are spread into object schemas).
    expect(types.isProxy(pageQuery)).toBe(false);
  });

  it('reads as it does on the server: refusals and accepted values', () => {
    expect(currencyCode.safeParse('usd').success).toBe(false);
    expect(serverId.safeParse(2_147_483_648).success).toBe(false);
    expect(serverId.parse(7)).toBe(7);
    expect(
      productSchema.safeParse({
        name: 'x',
        price: 1.5,
        currency: 'USD',
        cp_goods_id: 'a',
        icon: '',
        is_epoint: false,
        amount: null,
      }).error?.issues[0]?.path,
    ).toEqual(['price']);
  });

  it.each(allCallEntries())('%s: the example body and result satisfy the schemas', (name, call) => {
    const example = exampleOf(name);
    expect(call.body.safeParse(example.body).error).toBeUndefined();
    expect(call.result.safeParse(example.result).error).toBeUndefined();
  });
});
