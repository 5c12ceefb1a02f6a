import { Spin } from 'antd';

/** A centred spinner while a page or its code loads. */
export function PageLoader({ tip, fullScreen = false }: { tip?: string; fullScreen?: boolean }) {
  return (
    <div
      role="status"
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 12,
        minHeight: fullScreen ? '100vh' : 240,
      }}
    >
      <Spin size="large" />
      {tip ? <span style={{ color: 'rgba(0,0,0,0.65)' }}>{tip}</span> : null}
    </div>
  );
}
