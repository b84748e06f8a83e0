// The publisher's look on the player pages (docs/theming.md): BRAND_* colours and font turned into
// CSS custom properties that override the built theme's (the Mantine palettes `hc` and `gold`,
// the dark surfaces of apps/web/src/styles/global.css). The server writes them into index.html
// (plugins/index-html.ts), so a publisher changes the look with configuration, not code.

export interface Brand {
  primary?: string | undefined;
  accent?: string | undefined;
  dark?: string | undefined;
  font?: string | undefined;
}

type Rgb = readonly [number, number, number];

const parse = (hex: string): Rgb => [
  Number.parseInt(hex.slice(1, 3), 16),
  Number.parseInt(hex.slice(3, 5), 16),
  Number.parseInt(hex.slice(5, 7), 16),
];

const toHex = (rgb: Rgb) =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** `rgb` moved a fraction `t` of the way to `to`. */
const mix = (rgb: Rgb, to: Rgb, t: number): Rgb => [
  rgb[0] + (to[0] - rgb[0]) * t,
  rgb[1] + (to[1] - rgb[1]) * t,
  rgb[2] + (to[2] - rgb[2]) * t,
];

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
/** Shades 0–9 as Mantine orders them: tints towards white, the colour at 6, shades towards black. */
const STEPS: readonly (readonly [Rgb, number])[] = [
  [WHITE, 0.92],
  [WHITE, 0.8],
  [WHITE, 0.62],
  [WHITE, 0.44],
  [WHITE, 0.26],
  [WHITE, 0.12],
  [WHITE, 0],
  [BLACK, 0.12],
  [BLACK, 0.24],
  [BLACK, 0.36],
];

/** Ten shades of a Mantine palette from one colour (the colour itself is shade 6). */
export function paletteOf(hex: string): string[] {
  const base = parse(hex);
  return STEPS.map(([to, t]) => toHex(mix(base, to, t)));
}

/** WCAG relative luminance. */
function luminance(hex: string): number {
  const [r, g, b] = parse(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Problems a publisher should hear about at start: colours on which the page's text would fall
 * below WCAG AA (4.5:1). White text sits on the primary buttons (shade 7) and the dark surfaces;
 * dark text on the accent (shade 4).
 */
export function brandWarnings(brand: Brand): string[] {
  const warnings: string[] = [];
  if (brand.primary !== undefined) {
    const filled = paletteOf(brand.primary)[7] as string;
    if (contrast(filled, '#ffffff') < 4.5)
      warnings.push(`BRAND_PRIMARY_COLOR: white text on ${filled} is below 4.5:1`);
  }
  if (brand.accent !== undefined) {
    const accent = paletteOf(brand.accent)[4] as string;
    if (contrast(accent, '#1d1300') < 4.5)
      warnings.push(`BRAND_ACCENT_COLOR: dark text on ${accent} is below 4.5:1`);
  }
  if (brand.dark !== undefined && contrast(brand.dark, '#ffffff') < 4.5)
    warnings.push(`BRAND_DARK_COLOR: white text on ${brand.dark} is below 4.5:1`);
  return warnings;
}

/** The CSS rule that applies the brand, or '' when nothing is configured. */
export function brandCss(brand: Brand): string {
  const vars: string[] = [];
  const palette = (name: string, hex: string) =>
    paletteOf(hex).forEach((shade, i) => vars.push(`--mantine-color-${name}-${i}:${shade}`));
  if (brand.primary !== undefined) palette('hc', brand.primary);
  if (brand.accent !== undefined) palette('gold', brand.accent);
  if (brand.dark !== undefined) {
    const dark = parse(brand.dark);
    vars.push(
      `--hc-dark-1:${toHex(dark)}`,
      `--hc-dark-2:${toHex(mix(dark, WHITE, 0.08))}`,
      `--hc-dark-3:${toHex(mix(dark, WHITE, 0.16))}`,
    );
  }
  // Before the per-language faces, which the :lang() rules of global.css list after it.
  if (brand.font !== undefined) vars.push(`--hc-brand-font:${brand.font},`);
  return vars.length === 0 ? '' : `:root{${vars.join(';')}}`;
}
