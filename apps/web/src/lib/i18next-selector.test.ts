// The copy of keyFromSelector that react-i18next is built against (ADR 0024) answers like
// i18next's own for every option it reads.
import { keyFromSelector as library } from 'i18next';
import { describe, expect, it } from 'vitest';
import { keyFromSelector, type SelectorOptions } from './i18next-selector';

type Selector = Parameters<typeof keyFromSelector>[0];
const deep: Selector = ($) =>
  ($.errors as Record<string, Record<string, unknown>>).session?.expired;
const flat: Selector = ($) => $.title;
const options: (SelectorOptions | undefined)[] = [
  undefined,
  {},
  { keySeparator: '_' },
  { keySeparator: false },
  { nsSeparator: false, ns: ['common', 'errors'] },
  { ns: ['common', 'errors'] },
  { ns: ['errors'] },
  { ns: 'errors' },
  { ns: 'errors', enableSelector: 'strict' },
  { ns: ['common'], enableSelector: 'strict' },
];

describe('keyFromSelector copy', () => {
  it.each(options.map((o) => [JSON.stringify(o), o] as const))('matches i18next for %s', (_, o) => {
    for (const selector of [deep, flat]) {
      const expected = (library as unknown as (s: Selector, o?: SelectorOptions) => string)(
        selector,
        o,
      );
      expect(keyFromSelector(selector, o)).toBe(expected);
    }
  });

  it('builds the dotted path and the namespace prefix', () => {
    expect(keyFromSelector(deep)).toBe('errors.session.expired');
    expect(keyFromSelector(deep, { ns: ['common', 'errors'] })).toBe('errors:session.expired');
  });
});
