import { theme, type ThemeConfig } from 'antd';
import type { ColorMode } from '@lms/contract/college-settings.rules';
import { colorModeOf } from '../lib/college.ts';

/** A university blue with enough contrast on white for cheap, dim phone screens. */
export const brandBlue = '#1d4ed8';

const baseToken: ThemeConfig['token'] = {
  colorPrimary: brandBlue,
  colorInfo: brandBlue,
  colorLink: brandBlue,
  borderRadius: 8,
  fontSize: 14,
  fontFamily:
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
};

/**
 * Light-mode colours with at least 4.5:1 contrast (WCAG AA) on white and on the light tints they sit on:
 * antd's grey texts (45% black), placeholders (25%), its error red and the text of the green, gold,
 * orange, volcano, cyan and lime tags (shade 7 on shade 1) read too faintly on a dim phone screen in the
 * sun. Tags take shade 8 or 9 instead (both spellings of the palette key: antd's CSS variables read the
 * hyphenated one); secondary texts 60% black.
 */
const lightContrastToken: ThemeConfig['token'] = {
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  colorError: '#cf1322',
  green7: '#237804',
  'green-7': '#237804',
  gold7: '#874d00',
  'gold-7': '#874d00',
  orange7: '#ad4e00',
  'orange-7': '#ad4e00',
  volcano7: '#ad2102',
  'volcano-7': '#ad2102',
  cyan7: '#006d75',
  'cyan-7': '#006d75',
  lime7: '#3f6600',
  'lime-7': '#3f6600',
};

/** The antd theme of the whole app. */
export const appTheme: ThemeConfig = {
  // Without the theme's hash in class names and style paths: the first screens' antd CSS is built ahead
  // with this theme and reused by the dark one (build/antd-styles.plugin.ts); one antd on the page.
  hashed: false,
  token: { ...baseToken, ...lightContrastToken, colorBgLayout: '#f3f5f9' },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', headerHeight: 'auto', headerPadding: 0 },
    Menu: { itemBorderRadius: 8, itemMarginInline: 8, itemHeight: 44, activeBarBorderWidth: 0 },
    Button: { controlHeightLG: 44 },
    Input: { controlHeightLG: 44 },
  },
};

/** The dark variant (`color_mode` 'dark'): antd's dark algorithm with dark page, header and sider. */
export const darkTheme: ThemeConfig = {
  ...appTheme,
  algorithm: theme.darkAlgorithm,
  token: { ...baseToken, colorBgLayout: '#0b1220' },
  components: {
    ...appTheme.components,
    Layout: { headerBg: '#141b2d', siderBg: '#141b2d', headerHeight: 'auto', headerPadding: 0 },
  },
};

/**
 * A theme without antd's motion (dialogs, drawers and menus open at once), for people who ask their
 * phone or computer for reduced motion (WCAG 2.3.3); the app's own CSS honours the same media query.
 */
function withoutMotion(theme: ThemeConfig): ThemeConfig {
  return { ...theme, token: { ...theme.token, motion: false } };
}

const stillAppTheme = withoutMotion(appTheme);
const stillDarkTheme = withoutMotion(darkTheme);

/**
 * The theme of a college colour mode (anything but 'dark' is the light theme), without motion when
 * the user prefers reduced motion. The same object for the same arguments, so antd's provider does not
 * recompute it on every render.
 */
export function themeFor(
  colorMode: ColorMode | string | undefined,
  { reducedMotion = false }: { reducedMotion?: boolean } = {},
): ThemeConfig {
  if (colorModeOf(colorMode) === 'dark') return reducedMotion ? stillDarkTheme : darkTheme;
  return reducedMotion ? stillAppTheme : appTheme;
}
