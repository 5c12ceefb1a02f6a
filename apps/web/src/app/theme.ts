import { theme, type ThemeConfig } from 'antd';
import type { ColorMode } from '@lms/contract/college-settings.rules';

/** A university blue with enough contrast on white for cheap, dim phone screens. */
export const brandBlue = '#1d4ed8';

/** The antd theme of the whole app. */
export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: brandBlue,
    colorInfo: brandBlue,
    colorLink: brandBlue,
    colorBgLayout: '#f3f5f9',
    borderRadius: 8,
    fontSize: 14,
    fontFamily:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
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
  token: { ...appTheme.token, colorBgLayout: '#0b1220' },
  components: {
    ...appTheme.components,
    Layout: { headerBg: '#141b2d', siderBg: '#141b2d', headerHeight: 'auto', headerPadding: 0 },
  },
};

/** The theme of a college colour mode; anything but 'dark' is the light theme. */
export function themeFor(colorMode: ColorMode | string | undefined): ThemeConfig {
  return colorMode === 'dark' ? darkTheme : appTheme;
}
