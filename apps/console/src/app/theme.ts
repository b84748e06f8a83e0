// The console's Mantine theme: the portal's brand violet, system fonts, compact admin density.
import {
  createTheme,
  darken,
  DEFAULT_THEME,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';

const hc: MantineColorsTuple = [
  '#f2eeff',
  '#e1d8ff',
  '#c0acff',
  '#9d7dff',
  '#8057fe',
  '#6d3ffe',
  '#6233fe',
  '#5226e3',
  '#4720cb',
  '#3a19b3',
];

/**
 * Shades 8 and 9 of Mantine's lighter colours, darkened so that text meets WCAG AA (4.5:1): the
 * light variant (badges, alerts) writes shade 9 on shade 1, and `c="orange.8"`-style texts sit
 * on white. Mantine's own teal 9 on teal 1 is 4.3:1, orange 3.6:1, yellow 2.7:1.
 */
const DARKER: Record<string, readonly [string, string]> = {
  red: ['#d93030', '#c12828'],
  cyan: ['#0b7e91', '#0b7184'],
  teal: ['#08835e', '#077655'],
  green: ['#278338', '#257735'],
  lime: ['#4e800b', '#4a760a'],
  yellow: ['#a86200', '#a35400'],
  orange: ['#c54c0a', '#b63c0d'],
};

const readableColors = Object.fromEntries(
  Object.entries(DARKER).map(([name, [eight, nine]]) => {
    const base = DEFAULT_THEME.colors[name] ?? [];
    return [name, [...base.slice(0, 8), eight, nine] as unknown as MantineColorsTuple];
  }),
);

/** Filled buttons and badges of those colours: white text on shade 9 instead of shade 7. */
const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  const name = typeof input.color === 'string' ? input.color : undefined;
  const darker = name ? DARKER[name] : undefined;
  if (input.variant === 'filled' && darker) {
    return {
      ...resolved,
      background: darker[1],
      hover: darken(darker[1], 0.12),
      color: 'var(--mantine-color-white)',
    };
  }
  return resolved;
};

const FONT_STACK = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  '"PingFang SC"',
  '"Microsoft YaHei"',
  '"Noto Sans CJK SC"',
  'sans-serif',
].join(', ');

export const theme = createTheme({
  colors: { ...readableColors, hc },
  variantColorResolver,
  primaryColor: 'hc',
  primaryShade: 7,
  fontFamily: FONT_STACK,
  headings: { fontFamily: FONT_STACK, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  black: '#16131f',
});
