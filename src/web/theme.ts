import { type CSSVariablesResolver, createTheme, darken, DEFAULT_THEME } from '@mantine/core';

/**
 * One accent colour, with every text/background pair at WCAG AA (4.5:1) or better:
 * - shade 8 of indigo under white text (5.7:1; Mantine's default shade 6 gives 4.3:1), also
 *   the colour of links and outline buttons on white;
 * - filled components in a light colour (green, yellow...) get dark text (autoContrast).
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 8,
  autoContrast: true,
  defaultRadius: 'md',
});

/**
 * - Dimmed text is gray 7 (8.2:1 on white) instead of gray 6 (3.3:1).
 * - "light" badges and alerts write their text in shade 9 of their colour on shade 1, which
 *   is 2.7:1 for yellow and 3.8:1 for green; shade 9 darkened by 30 % is at least 5:1 for
 *   every colour of the palette.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    ...Object.fromEntries(
      Object.keys(DEFAULT_THEME.colors)
        .filter((name) => name !== 'dark')
        .map((name) => [`--mantine-color-${name}-light-color`, darken(resolved.colors[name][9], 0.3)]),
    ),
  },
  dark: {},
});
