// WCAG 2.x contrast maths, used to pick accessible theme shades (ARCHITECTURE.md#web-app: axe flagged Mantine's defaults).

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of a `#rgb` or `#rrggbb` colour. */
export function luminance(hex: string): number {
  const raw = hex.replace('#', '');
  const full = raw.length === 3 ? raw.replace(/(.)/g, '$1$1') : raw;
  const n = Number.parseInt(full, 16);
  if (full.length !== 6 || Number.isNaN(n)) throw new Error(`Not a hex colour: ${hex}`);
  return (
    0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255)
  );
}

/** Contrast ratio between two colours (1..21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG AA for normal text. */
export const AA_NORMAL = 4.5;

/** Mixes a colour with black by `amount` (0..1). */
export function darken(hex: string, amount: number): string {
  const raw = hex.replace('#', '');
  const full = raw.length === 3 ? raw.replace(/(.)/g, '$1$1') : raw;
  const n = Number.parseInt(full, 16);
  const scale = (c: number) => Math.round(c * (1 - amount));
  const out = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(scale);
  return `#${out.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** The colour itself, or the least darkened version of it that reaches `ratio` on `background`. */
export function darkenUntil(hex: string, background: string, ratio: number = AA_NORMAL): string {
  for (let amount = 0; amount <= 1; amount += 0.05) {
    const candidate = amount === 0 ? hex : darken(hex, amount);
    if (contrastRatio(candidate, background) >= ratio) return candidate;
  }
  return '#000000';
}
