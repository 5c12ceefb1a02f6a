import { lazy, type ComponentType } from 'react';

/**
 * `React.lazy` for a part that uses antd on a screen drawn without it (the shell's acting banner and
 * act-as-student dialog, the class page's dialogs and operators' table): loads it with antd's provider
 * (components/antd-scope.tsx) and draws it inside, as the routes under `AntdScopeRoute` are.
 */
export function lazyWithAntd<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(async () => {
    const [Component, { AntdScope }] = await Promise.all([load(), import('./antd-scope.tsx')]);
    return {
      default: (props: Props) => (
        <AntdScope>
          <Component {...props} />
        </AntdScope>
      ),
    };
  });
}
