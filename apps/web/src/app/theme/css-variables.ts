// Turns the theme into a static CSS file of Mantine variables (MantineProvider runs with
// withCssVariables=false), with the colour fixes axe asked for (ARCHITECTURE.md#web-app).
import {
  DEFAULT_THEME,
  convertCssVariables,
  defaultCssVariablesResolver,
  mergeMantineTheme,
  type CSSVariablesResolver,
  type MantineTheme,
} from '@mantine/core';
import { AA_NORMAL, contrastRatio, darken, darkenUntil } from './contrast.ts';
import { theme } from './theme.ts';

/** The lightest shade from 6 up on which white text reaches AA, or undefined if none does. */
export function accessibleShade(shades: readonly string[]): string | undefined {
  return shades.slice(6).find((shade) => contrastRatio('#ffffff', shade) >= AA_NORMAL);
}

/** Light-scheme variables of one palette that pass AA: filled (white text), text, light badges. */
function paletteFixes(name: string, shades: readonly string[]): Record<string, string> {
  const [s0 = '#ffffff', s1 = s0, , , , , , , , s9 = '#000000'] = shades;
  const filled = accessibleShade(shades) ?? darkenUntil(s9, '#ffffff');
  const hover = shades[shades.indexOf(filled) + 1] ?? darken(filled, 0.1);
  const lightBg = contrastRatio(s9, s1) >= AA_NORMAL ? s1 : s0;
  return {
    [`--mantine-color-${name}-filled`]: filled,
    [`--mantine-color-${name}-filled-hover`]: hover,
    [`--mantine-color-${name}-text`]: filled,
    [`--mantine-color-${name}-outline`]: filled,
    [`--mantine-color-${name}-light`]: lightBg,
    [`--mantine-color-${name}-light-hover`]: lightBg === s0 ? s1 : (shades[2] ?? s1),
    [`--mantine-color-${name}-light-color`]: darkenUntil(s9, lightBg),
  };
}

/** Light-scheme overrides: filled/text/outline/badge colours that pass AA, darker dimmed text. */
export const cssVariablesResolver: CSSVariablesResolver = (t: MantineTheme) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': t.colors.gray[7] ?? '#495057',
    '--mantine-color-text': t.black,
    // gray-7: Mantine renders some placeholders (date pickers) as text, which axe checks (4.5:1).
    '--mantine-color-placeholder': t.colors.gray[7] ?? '#495057',
  };
  for (const [name, shades] of Object.entries(t.colors))
    Object.assign(light, paletteFixes(name, shades));
  const primary = paletteFixes('primary', t.colors[t.primaryColor] ?? []);
  light['--mantine-primary-color-filled'] = primary['--mantine-color-primary-filled'] ?? '';
  light['--mantine-primary-color-filled-hover'] =
    primary['--mantine-color-primary-filled-hover'] ?? '';
  light['--mantine-primary-color-light'] = primary['--mantine-color-primary-light'] ?? '';
  light['--mantine-primary-color-light-color'] =
    primary['--mantine-color-primary-light-color'] ?? '';
  light['--mantine-color-anchor'] = primary['--mantine-color-primary-text'] ?? '';
  return { variables: {}, light, dark: {} };
};

export const fullTheme: MantineTheme = mergeMantineTheme(DEFAULT_THEME, theme);

/** Every variable the app needs beyond Mantine's own default-css-variables.css. */
export function resolvedVariables() {
  const base = defaultCssVariablesResolver(fullTheme);
  const fixes = cssVariablesResolver(fullTheme);
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const pick = (all: Record<string, string>, def: Record<string, string>) =>
    Object.fromEntries(Object.entries(all).filter(([key, value]) => def[key] !== value));
  return {
    variables: pick({ ...base.variables, ...fixes.variables }, defaults.variables),
    light: pick({ ...base.light, ...fixes.light }, defaults.light),
    dark: pick({ ...base.dark, ...fixes.dark }, defaults.dark),
  };
}

/** The CSS text written into the bundle by the Vite plugin. */
export function buildThemeCss(): string {
  return `/* Generated from src/app/theme at build time. */\n${convertCssVariables(resolvedVariables())}\n`;
}
