import type { ThemeConfig } from 'antd';

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
