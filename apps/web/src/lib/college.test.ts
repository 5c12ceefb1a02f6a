import { afterEach, describe, expect, it } from 'vitest';
import { applyColorMode, rememberCollege, rememberedCollegeName, rememberedColorMode } from './college.ts';

describe('the remembered college', () => {
  afterEach(() => localStorage.clear());

  it('keeps the name and colour mode of the last configuration answer for the next visit', () => {
    expect(rememberedColorMode()).toBe('light');
    rememberCollege({ college_id: 'und', nama: 'Universitas Nusantara Digital', color_mode: 'dark' });
    expect(rememberedCollegeName()).toBe('Universitas Nusantara Digital');
    expect(rememberedColorMode()).toBe('dark');
    // Anything but 'dark' is the light theme (themeFor does the same).
    rememberCollege({ college_id: 'und', nama: 'Universitas Nusantara Digital', color_mode: 'default' });
    expect(rememberedColorMode()).toBe('light');
  });

  it('puts a colour mode on <html> for the CSS and the browser controls', () => {
    applyColorMode('dark');
    expect(document.documentElement.dataset.colorMode).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    applyColorMode('light');
    expect(document.documentElement.dataset.colorMode).toBe('light');
  });
});
