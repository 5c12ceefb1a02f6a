import { lazy, type ComponentType } from 'react';

/**
 * `React.lazy` for a part of the shell that uses antd (the acting banner, the act-as-student dialog):
 * loads it with antd's provider (app/antd-scope.tsx) and draws it inside, as the routes under
 * `AntdScopeRoute` are.
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
