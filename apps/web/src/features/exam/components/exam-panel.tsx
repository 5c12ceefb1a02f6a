import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/**
 * A box in antd Card's look for the taking page: plain markup, since antd's Card brings its Tabs (about
 * 21 KB gzip) to the page a student opens at 08:00 on a slow phone.
 */
export function ExamPanel({
  title,
  style,
  bodyStyle,
  children,
}: {
  title?: string;
  style?: CSSProperties;
  bodyStyle?: CSSProperties;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <section
      style={{
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        ...style,
      }}
    >
      {title ? (
        <h2
          style={{
            margin: 0,
            padding: `${token.paddingXS}px ${token.paddingSM}px`,
            fontSize: token.fontSize,
            fontWeight: token.fontWeightStrong,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          {title}
        </h2>
      ) : null}
      <div style={{ padding: token.paddingSM, ...bodyStyle }}>{children}</div>
    </section>
  );
}
