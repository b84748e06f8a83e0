// The server's message catalogue: the texts of every mail and SMS it sends (verification codes,
// order receipts), one file per language (docs/product/languages.md), en-US the fallback for
// an unknown or missing language (docs/product/languages.md#fallback). messages.test.ts keeps
// the languages in parity.
import { FALLBACK_LANGUAGE, type Language } from '@hc/contract';
import { matchLanguage } from '../lib/language';
import { deDE } from './de-DE';
import { enUS, type MessageKey, type Messages } from './en-US';
import { jaJP } from './ja-JP';
import { koKR } from './ko-KR';
import { thTH } from './th-TH';
import { viVN } from './vi-VN';
import { zhCN } from './zh-CN';
import { zhHK } from './zh-HK';
import { zhTW } from './zh-TW';

export type { MessageKey, Messages };

export const catalogue: Readonly<Record<Language, Messages>> = {
  'en-US': enUS,
  'zh-CN': zhCN,
  'zh-HK': zhHK,
  'zh-TW': zhTW,
  'th-TH': thTH,
  'ko-KR': koKR,
  'ja-JP': jaJP,
  'vi-VN': viVN,
  'de-DE': deDE,
};

/** One of the nine languages for any BCP 47 tag (near tags map, e.g. de-AT), else en-US. */
export function messageLanguage(tag: string | undefined): Language {
  return (tag === undefined ? undefined : matchLanguage(tag)) ?? FALLBACK_LANGUAGE;
}

/** The texts of a language (any tag; en-US for an unknown one). */
export function messagesFor(tag: string | undefined): Messages {
  return catalogue[messageLanguage(tag)];
}

/** Fills `{name}` placeholders in one pass (a value containing braces is left as it is). */
export function formatMessage(
  template: string,
  values: Readonly<Record<string, string | number>>,
): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}
