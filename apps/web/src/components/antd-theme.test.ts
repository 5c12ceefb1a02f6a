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

  it("turns antd's motion off for a user who prefers reduced motion, keeping the colour mode", () => {
    expect(themeFor('dark', { reducedMotion: true }).token?.motion).toBe(false);
    expect(themeFor('dark', { reducedMotion: true }).algorithm).toBe(theme.darkAlgorithm);
    expect(themeFor('light', { reducedMotion: true }).token?.motion).toBe(false);
    expect(themeFor('light', { reducedMotion: true }).token?.colorPrimary).toBe(appTheme.token?.colorPrimary);
    expect(themeFor('light', { reducedMotion: true })).toBe(themeFor(undefined, { reducedMotion: true }));
    expect(appTheme.token?.motion).toBeUndefined();
  });
});
