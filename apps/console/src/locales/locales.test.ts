// Translation parity: every console language has exactly en-US's keys in every namespace, no
// empty values, the same {{placeholders}}, a text for every console error code (70xxx) and the
// general codes any call can answer, and Chinese that is not English copied over.
import { ErrorCode, isConsoleErrorCode } from '@hc/contract';
import { describe, expect, it } from 'vitest';
import { CONSOLE_LANGUAGES, NAMESPACES } from '../lib/i18n';

const files = import.meta.glob<Record<string, unknown>>('./*/*.json', {
  eager: true,
  import: 'default',
});

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') return out.set(prefix, value);
  if (typeof value !== 'object' || value === null)
    return out.set(prefix, `<<not a string: ${String(value)}>>`);
  for (const [key, child] of Object.entries(value))
    for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  return out;
}

function load(language: string, namespace: string): Map<string, string> {
  const file = files[`./${language}/${namespace}.json`];
  if (!file) throw new Error(`missing file ${language}/${namespace}.json`);
  return flatten(file);
}

const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

/** Codes any console call can answer besides its own 70xxx codes. */
const GENERAL_CODES = [
  'NetworkError',
  'InvalidParams',
  'SystemBusy',
  'NotFound',
  'PayloadTooLarge',
  'TooManyRequests',
  'PasswordFormatMismatch',
];

describe('console locale files', () => {
  it('has a folder per console language and a file per namespace, nothing else', () => {
    const expected = CONSOLE_LANGUAGES.flatMap((l) => NAMESPACES.map((ns) => `./${l}/${ns}.json`));
    expect(Object.keys(files).sort()).toEqual(expected.sort());
  });

  describe.each(NAMESPACES)('namespace %s', (namespace) => {
    const reference = load('en-US', namespace);
    it.each(CONSOLE_LANGUAGES)('%s has exactly the en-US keys', (language) => {
      const keys = [...load(language, namespace).keys()];
      const missing = [...reference.keys()].filter((k) => !keys.includes(k));
      const extra = keys.filter((k) => !reference.has(k));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });
    it.each(CONSOLE_LANGUAGES)('%s has no empty values and the same placeholders', (language) => {
      const entries = load(language, namespace);
      expect([...entries].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
      const mismatched = [...entries]
        .filter(([k, v]) => placeholders(v).join() !== placeholders(reference.get(k) ?? '').join())
        .map(([k]) => k);
      expect(mismatched).toEqual([]);
    });
  });

  it.each(CONSOLE_LANGUAGES)('%s translates every console error code', (language) => {
    const errors = load(language, 'errors');
    const console = Object.entries(ErrorCode)
      .filter(([, code]) => isConsoleErrorCode(code))
      .map(([name]) => name);
    expect(console.length).toBeGreaterThan(0);
    const missing = [...console, ...GENERAL_CODES].filter((name) => !errors.has(name));
    expect(missing).toEqual([]);
  });

  it('zh-CN is translated, not English copied over', () => {
    for (const namespace of NAMESPACES) {
      const english = load('en-US', namespace);
      const copied = [...load('zh-CN', namespace)]
        .filter(([k, v]) => !k.startsWith('languages.') && v === english.get(k))
        .filter(([, v]) => v.split(' ').length > 2)
        .map(([k]) => `${namespace}:${k}`);
      expect(copied).toEqual([]);
    }
  });
});
