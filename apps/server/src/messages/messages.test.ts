// Parity of the server's message catalogue (docs/product/languages.md): every language has
// every en-US key and no other, no text is empty, and each text has the same placeholders as
// en-US (so no language drops the code, the minutes or the order number).
import { FALLBACK_LANGUAGE, LANGUAGES } from '@hc/contract';
import { describe, expect, it } from 'vitest';
import { catalogue, formatMessage, messageLanguage, messagesFor } from './index';
import { enUS } from './en-US';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const keys = Object.keys(enUS).sort();

describe('server message catalogue', () => {
  it('has all nine languages', () => {
    expect(Object.keys(catalogue).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES)('%s has every en-US key and no other', (language) => {
    expect(Object.keys(catalogue[language]).sort()).toEqual(keys);
  });

  it.each(LANGUAGES)('%s has no empty text', (language) => {
    for (const [key, text] of Object.entries(catalogue[language]))
      expect([key, text.trim().length > 0]).toEqual([key, true]);
  });

  it.each(LANGUAGES)('%s has the same placeholders as en-US', (language) => {
    for (const key of keys) {
      const own = catalogue[language][key as keyof typeof enUS];
      expect([key, placeholders(own)]).toEqual([key, placeholders(enUS[key as keyof typeof enUS])]);
    }
  });

  it('is translated: no language but en-US reuses the English code and receipt texts', () => {
    for (const language of LANGUAGES.filter((l) => l !== FALLBACK_LANGUAGE))
      for (const key of [
        'code.mailSubject',
        'code.mailText',
        'code.sms',
        'receipt.heading',
      ] as const)
        expect([language, key, catalogue[language][key]]).not.toEqual([language, key, enUS[key]]);
  });

  it('falls back to en-US for an unknown or missing language and maps near tags', () => {
    expect(messagesFor('fr-FR')).toBe(enUS);
    expect(messagesFor(undefined)).toBe(enUS);
    expect(messagesFor('')).toBe(enUS);
    expect(messageLanguage('de-AT')).toBe('de-DE');
    expect(messagesFor('ja')).toBe(catalogue['ja-JP']);
  });

  it('fills placeholders once and leaves unknown ones', () => {
    expect(formatMessage('{site}: {order} {x}', { site: '{order}', order: 'A1' })).toBe(
      '{order}: A1 {x}',
    );
  });
});
