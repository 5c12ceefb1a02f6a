import { describe, expect, it } from 'vitest';
import {
  antdStylesModule,
  antdStylesPlugin,
  iconStylesModule,
  themeVariablesModule,
} from './antd-styles.plugin.ts';

type Hook = (id: string) => string | undefined;
const plugin = antdStylesPlugin();
const resolveId = plugin.resolveId as unknown as Hook;
const load = plugin.load as unknown as Hook;

describe('antdStylesPlugin', () => {
  it("sets the light theme's variables on :root and the dark theme's under data-color-mode", () => {
    const css = load(resolveId(themeVariablesModule)!)!;
    const darkStart = css.indexOf(":root[data-color-mode='dark']{");
    const [light, dark] = [css.slice(0, darkStart), css.slice(darkStart)];
    expect(light).toMatch(/^:root\{/);
    expect(light).toContain('--ant-color-primary:#1d4ed8;');
    // The contrast shades of antd-theme.ts, which the plain tags' text uses.
    expect(light).toContain('--ant-green-7:#237804;');
    expect(dark).toContain('--ant-color-bg-layout:#0b1220;');
    expect(dark).not.toContain('--ant-color-bg-layout:#f3f5f9;');
  });

  it("puts antd's common styles, with the map antd reads, first in the page's head", () => {
    const code = load(resolveId(antdStylesModule)!)!;
    document.head.innerHTML = '<link rel="stylesheet" href="/app.css">';
    new Function(code)();
    const style = document.head.firstElementChild as HTMLStyleElement;
    expect(style.tagName).toBe('STYLE');
    expect(style.textContent).toContain('.ant-btn{');
    expect(style.textContent).toContain('.data-ant-cssinjs-cache-path{content:');
  });

  it("gives the icons' base rule, which the app's icons no longer insert themselves", () => {
    const css = load(resolveId(iconStylesModule)!)!;
    expect(css).toContain('.anticon {');
    expect(css).toContain('@keyframes loadingCircle');
  });
});
