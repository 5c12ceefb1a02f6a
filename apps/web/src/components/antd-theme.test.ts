import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { appTheme, darkTheme, themeFor } from './antd-theme.ts';

describe('themeFor (college color_mode)', () => {
  it("uses antd's dark algorithm for 'dark' and the light theme otherwise", () => {
    expect(themeFor('dark')).toBe(darkTheme);
    expect(darkTheme.algorithm).toBe(theme.darkAlgorithm);
    expect(themeFor('light')).toBe(appTheme);
    expect(themeFor(undefined)).toBe(appTheme);
    expect(appTheme.algorithm).toBeUndefined();
  });
});
