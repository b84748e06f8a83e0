// The Mantine theme of the portal: brand palettes, fonts and shapes. Static, so its CSS
// variables can be generated at build time (no runtime <style> under the CSP).
import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Brand violet: headers, primary buttons, links. */
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
/** Accent gold: call-to-action buttons (dark text on it). */
const gold: MantineColorsTuple = [
  '#fff8e1',
  '#ffefc7',
  '#ffde91',
  '#ffcb57',
  '#ffbb2a',
  '#ffb10e',
  '#ffac00',
  '#e39500',
  '#ca8400',
  '#af7100',
];

/**
 * The publisher's font first when BRAND_FONT_FAMILY sets `--hc-brand-font` (docs/theming.md; empty
 * otherwise), then Latin, then CJK and Thai faces; `:lang()` rules in global.css reorder CJK per region.
 */
export const FONT_STACK = [
  'var(--hc-brand-font,) system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  '"PingFang SC"',
  '"Hiragino Sans"',
  '"Microsoft YaHei"',
  '"Noto Sans CJK SC"',
  '"Noto Sans Thai"',
  '"Leelawadee UI"',
  'Tahoma',
  'sans-serif',
].join(', ');

export const theme = createTheme({
  colors: { hc, gold },
  primaryColor: 'hc',
  primaryShade: { light: 7, dark: 5 },
  fontFamily: FONT_STACK,
  headings: { fontFamily: FONT_STACK, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  black: '#16131f',
  white: '#ffffff',
  shadows: {
    xs: '0 1px 2px rgba(20, 16, 51, 0.06)',
    sm: '0 1px 3px rgba(20, 16, 51, 0.08), 0 1px 2px rgba(20, 16, 51, 0.05)',
    md: '0 6px 18px rgba(20, 16, 51, 0.08), 0 2px 6px rgba(20, 16, 51, 0.05)',
    lg: '0 14px 36px rgba(20, 16, 51, 0.12)',
    xl: '0 24px 60px rgba(20, 16, 51, 0.16)',
  },
});
