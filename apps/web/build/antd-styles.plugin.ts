import { createRequire } from 'node:module';
import type * as CssInJs from '@ant-design/cssinjs';
import type * as Antd from 'antd';
import type * as React from 'react';
import type * as ReactDomServer from 'react-dom/server';
import type { Plugin } from 'vite';
// Relative, not through a package: vite bundles its config's relative imports (Node cannot load the .ts).
import { appTheme, darkTheme } from '../src/components/antd-theme.ts';

/** The module that puts the CSS of antd's commonest components into the page, first in its head. */
export const antdStylesModule = 'virtual:antd-common-styles';
const resolvedId = `\0${antdStylesModule}`;

/** The module that sets the theme's CSS variables (`--ant-color-primary`…) on the page's root. */
export const themeVariablesModule = 'virtual:theme-variables.css';
const resolvedVariablesId = `\0${themeVariablesModule}`;

/**
 * The icons' own base rule (`.anticon`), which each antd icon would otherwise check for and insert into
 * the head in an effect of its own when it mounts (app/provider.tsx turns that off: `zeroRuntime`).
 */
export const iconStylesModule = 'virtual:icon-styles.css';
const resolvedIconStylesId = `\0${iconStylesModule}`;

/**
 * The antd CSS of the commonest components, as `virtual:antd-common-styles` (imported by
 * components/antd-scope.tsx, so it comes with antd's provider: the first screens, drawn without antd,
 * neither download nor parse it): rendered in Node with the app's theme and taken from antd's style cache
 * with the map of the style paths it holds, which antd reads at start-up to skip generating those styles
 * in the page. The styles refer to the theme only through CSS variables, which antd still sets in the
 * page, so the dark theme and the component tokens of `antd-theme.ts` apply as before. Needs
 * `hashed: false` in the theme: a style's path starts with the theme's hash. See docs/performance.md
 * "Fifth round" and "Tenth round".
 */
export function antdStylesPlugin(): Plugin {
  return {
    name: 'lms-antd-styles',
    resolveId: (id) => {
      if (id === antdStylesModule) return resolvedId;
      if (id === themeVariablesModule) return resolvedVariablesId;
      if (id === iconStylesModule) return resolvedIconStylesId;
      return undefined;
    },
    load: (id) => {
      if (id === resolvedId) return styleElementModule(renderCommonStyles());
      if (id === resolvedVariablesId) return renderThemeVariables();
      if (id === resolvedIconStylesId) return iconStyles();
      return undefined;
    },
  };
}

/**
 * The theme's CSS variables on `:root`, the dark theme's under `data-color-mode='dark'`: antd sets them
 * only on its own components' elements, and the shell's and the dashboard's plain components, drawn
 * before any antd code has loaded, take their colours from them too.
 */
function renderThemeVariables(): string {
  const require = createRequire(import.meta.url);
  const { createElement: h } = require('react') as typeof React;
  const { renderToString } = require('react-dom/server') as typeof ReactDomServer;
  const cssinjs = require('@ant-design/cssinjs') as typeof CssInJs;
  const antd = require('antd') as typeof Antd;

  const variablesOf = (theme: Antd.ThemeConfig, selector: string) => {
    const cache = cssinjs.createCache();
    renderToString(h(cssinjs.StyleProvider, { cache }, h(antd.ConfigProvider, { theme }, h(antd.Empty))));
    const css = cssinjs.extractStyle(cache, { types: 'token', plain: true });
    // `.css-var-…{--ant-…}`, on the class antd gives its components' root elements.
    const block = /\.css-var-[\w-]+\{([^}]*)\}/.exec(css);
    if (!block) throw new Error(`antd's theme variables changed shape: ${css.slice(0, 80)}`);
    return `${selector}{${block[1]}}`;
  };
  return `${variablesOf(appTheme, ':root')}\n${variablesOf(darkTheme, ":root[data-color-mode='dark']")}\n`;
}

/** The CSS antd's icons insert at run time, from the installed icons package. */
function iconStyles(): string {
  const require = createRequire(import.meta.url);
  return (require('@ant-design/icons/lib/utils') as { iconStyles: string }).iconStyles;
}

/**
 * A module that puts `css` first in the page's head when it runs. Not a CSS file: Vite appends a lazy
 * chunk's CSS after the app's own, and the app's rules for antd's elements must keep winning ties, as
 * they do over the styles antd makes in the page (which antd puts first in the head too).
 */
function styleElementModule(css: string): string {
  return [
    "const style = document.createElement('style');",
    `style.textContent = ${JSON.stringify(css)};`,
    'document.head.prepend(style);',
  ].join('\n');
}

/** Renders one of each common component (popups as their panels) and extracts antd's CSS. */
function renderCommonStyles(): string {
  // CommonJS builds: Node loads them from the config without a bundler's help.
  const require = createRequire(import.meta.url);
  const { createElement: h } = require('react') as typeof React;
  const { renderToString } = require('react-dom/server') as typeof ReactDomServer;
  const cssinjs = require('@ant-design/cssinjs') as typeof CssInJs;
  const antd = require('antd') as typeof Antd;

  // The antd components most pages draw. Any other component keeps antd's runtime styles: a component
  // missing here costs time, never its look.
  const item = [{ key: 'a', label: 'a', children: 'a' }];
  const commonComponents = [
    h(antd.Alert, { title: 'a' }),
    h(antd.Badge, { count: 1 }),
    h(antd.Button, null, 'a'),
    h(antd.Card, { title: 'a' }, 'a'),
    h(antd.Collapse, { items: item }),
    h(antd.Empty),
    h(antd.Flex, null, 'a'),
    h(antd.Input),
    h(antd.Layout, null, h(antd.Layout.Header), h(antd.Layout.Sider), h(antd.Layout.Content)),
    h(antd.Result, { title: 'a' }),
    h(antd.Space, null, 'a'),
    h(antd.Spin),
    h(antd.Tabs, { items: item }),
    // A preset and a status colour bring the styles of all colours.
    h(antd.Tag, { color: 'blue' }, 'a'),
    h(antd.Tag, { color: 'success' }, 'a'),
    h(antd.Tooltip._InternalPanelDoNotUseOrYouWillBeFired, { title: 'a' }),
    h(antd.Typography, null, h(antd.Typography.Title, null, 'a'), h(antd.Typography.Text, null, 'a')),
  ];
  const cache = cssinjs.createCache();
  renderToString(
    h(cssinjs.StyleProvider, { cache }, h(antd.ConfigProvider, { theme: appTheme }, ...commonComponents)),
  );
  return cssinjs.extractStyle(cache, { types: 'style', plain: true });
}
