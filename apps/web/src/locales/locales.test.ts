// Translation parity (ADR 0005): every language has exactly en-US's keys in every namespace,
// no empty values, the same {{placeholders}}, and one errors key per contract ErrorCode.
import { ErrorCode, isConsoleErrorCode, LANGUAGES } from '@hc/contract';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '../lib/i18n';

const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') {
    out.set(prefix, value);
    return out;
  }
  if (typeof value !== 'object' || value === null) {
    out.set(prefix, `<<not a string: ${String(value)}>>`);
    return out;
  }
  for (const [key, child] of Object.entries(value)) {
    for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  }
  return out;
}

function load(language: string, namespace: string): Map<string, string> {
  const file = files[`./${language}/${namespace}.json`];
  if (!file) throw new Error(`missing file ${language}/${namespace}.json`);
  return flatten(file);
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('locale files', () => {
  it('has a folder per language and nothing else', () => {
    const languages = new Set(Object.keys(files).map((path) => path.split('/')[1]));
    expect([...languages].sort()).toEqual([...LANGUAGES].sort());
  });

  describe.each(NAMESPACES)('namespace %s', (namespace) => {
    const reference = load('en-US', namespace);

    it.each(LANGUAGES)('%s has exactly the en-US keys', (language) => {
      const keys = [...load(language, namespace).keys()];
      const missing = [...reference.keys()].filter((k) => !keys.includes(k));
      const extra = keys.filter((k) => !reference.has(k));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it.each(LANGUAGES)('%s has no empty values and the same placeholders', (language) => {
      const entries = load(language, namespace);
      const empty = [...entries].filter(([, v]) => v.trim() === '').map(([k]) => k);
      expect(empty).toEqual([]);
      const mismatched = [...entries]
        .filter(([k, v]) => placeholders(v).join() !== placeholders(reference.get(k) ?? '').join())
        .map(([k]) => k);
      expect(mismatched).toEqual([]);
    });
  });

  it.each(LANGUAGES)('%s translates every ErrorCode of the contract', (language) => {
    const errors = load(language, 'errors');
    // Console codes (70xxx) reach the console app only, which has its own texts.
    const missing = (Object.keys(ErrorCode) as (keyof typeof ErrorCode)[])
      .filter((name) => !isConsoleErrorCode(ErrorCode[name]))
      .filter((name) => !errors.has(name));
    expect(missing).toEqual([]);
  });

  it('leaves non-English languages translated, not copied from en-US', () => {
    const english = load('en-US', 'common');
    for (const language of LANGUAGES.filter((l) => l !== 'en-US')) {
      const copied = [...load(language, 'common')].filter(
        ([k, v]) => !k.startsWith('languages.') && v === english.get(k) && /[a-z]{4,}/i.test(v),
      );
      // Brand-like words may stay (e.g. "OK"); whole English sentences may not.
      expect(copied.filter(([, v]) => v.split(' ').length > 2).map(([k]) => `${language}:${k}`)).toEqual([]);
    }
  });
});
