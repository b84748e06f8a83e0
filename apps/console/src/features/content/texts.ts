// Per-language texts in the editors: which languages are missing (no title or no body), and
// the body of an empty rich-text editor (`<p></p>`) counted as empty, as the server does.
import { LANGUAGES, type Language } from '@hc/contract';
import dayjs from 'dayjs';

export interface EditorText {
  title: string;
  content: string;
  link?: string | null;
}
export type EditorTexts = Partial<Record<Language, EditorText>>;

/** Does the HTML show anything: text or an image? */
export function htmlHasBody(html: string): boolean {
  if (/<img\s/i.test(html)) return true;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() !== ''
  );
}

export function isMissing(text: EditorText | undefined, plain = false): boolean {
  if (!text || text.title.trim() === '') return true;
  return plain ? text.content.trim() === '' : !htmlHasBody(text.content);
}

export function missingOf(texts: EditorTexts, plain = false): Language[] {
  return LANGUAGES.filter((l) => isMissing(texts[l], plain));
}

/** The texts to send: languages with nothing in them left out. */
export function filledTexts<T extends EditorText>(
  texts: Partial<Record<Language, T>>,
): Partial<Record<Language, T>> {
  const out: Partial<Record<Language, T>> = {};
  for (const l of LANGUAGES) {
    const t = texts[l];
    if (t && (t.title.trim() !== '' || t.content.trim() !== '' || (t.link ?? '') !== ''))
      out[l] = t;
  }
  return out;
}

/** DateTimePicker values are local `YYYY-MM-DD HH:mm:ss` strings; the contract has Unix seconds. */
export const toPicker = (s: number) => dayjs.unix(s).format('YYYY-MM-DD HH:mm:ss');
export const fromPicker = (v: string) => dayjs(v).unix();
