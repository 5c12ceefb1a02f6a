import { describe, expect, it } from 'vitest';
import { antdStylesModule, antdStylesPlugin, themeVariablesModule } from './antd-styles.plugin.ts';

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

  it("gives antd's first-screen styles with the map of their paths, which antd reads at start-up", () => {
    const css = load(resolveId(antdStylesModule)!)!;
    expect(css).toContain('.ant-btn{');
    expect(css).toContain('.data-ant-cssinjs-cache-path{content:');
  });
});
