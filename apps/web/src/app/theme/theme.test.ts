// The theme fixes of ARCHITECTURE.md#web-app: text and filled colours reach WCAG AA, and the generated static
// CSS (MantineProvider runs without runtime CSS variables) carries them.
import { describe, expect, it } from 'vitest';
import { AA_NORMAL, contrastRatio } from './contrast';
import { accessibleShade, buildThemeCss, fullTheme, resolvedVariables } from './css-variables';

describe('contrast', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 0);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 1);
  });
});

describe('theme colours', () => {
  const light = resolvedVariables().light;

  it('makes dimmed text readable on white', () => {
    const dimmed = light['--mantine-color-dimmed'];
    expect(dimmed).toBeDefined();
    expect(contrastRatio(dimmed ?? '', '#ffffff')).toBeGreaterThanOrEqual(AA_NORMAL);
  });

  it('gives the brand colour filled buttons and links that pass AA with white', () => {
    const filled = light['--mantine-primary-color-filled'] ?? '';
    expect(contrastRatio(filled, '#ffffff')).toBeGreaterThanOrEqual(AA_NORMAL);
    expect(contrastRatio(light['--mantine-color-anchor'] ?? '', '#ffffff')).toBeGreaterThanOrEqual(
      AA_NORMAL,
    );
  });

  it.each(Object.keys(fullTheme.colors))(
    '%s: filled, text and light badge colours pass AA',
    (name) => {
      const shades = fullTheme.colors[name] ?? [];
      const filled = light[`--mantine-color-${name}-filled`] ?? '';
      const shade = accessibleShade(shades);
      if (shade) expect(filled).toBe(shade);
      expect(contrastRatio(filled, '#ffffff')).toBeGreaterThanOrEqual(AA_NORMAL);
      expect(
        contrastRatio(light[`--mantine-color-${name}-text`] ?? '', '#ffffff'),
      ).toBeGreaterThanOrEqual(AA_NORMAL);
      const badgeText = light[`--mantine-color-${name}-light-color`] ?? '';
      const badgeBg = light[`--mantine-color-${name}-light`] ?? '';
      expect(contrastRatio(badgeText, badgeBg)).toBeGreaterThanOrEqual(AA_NORMAL);
    },
  );

  it('emits the variables as CSS for the light scheme', () => {
    const css = buildThemeCss();
    expect(css).toContain('--mantine-color-hc-0: #f2eeff');
    expect(css).toMatch(
      /\[data-mantine-color-scheme="light"\][^{]*\{[^}]*--mantine-color-dimmed: #495057/,
    );
  });
});
