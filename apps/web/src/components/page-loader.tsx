import './page-loader.css';

/** A centred spinner while a page or its code loads (plain: it shows before antd's code has come). */
export function PageLoader({ tip, fullScreen = false }: { tip?: string; fullScreen?: boolean }) {
  return (
    <div
      role="status"
      aria-label={tip ? undefined : 'Memuat'}
      className={fullScreen ? 'page-loader page-loader--full-screen' : 'page-loader'}
    >
      <span className="page-loader__spinner" aria-hidden />
      {tip ? <span className="page-loader__tip">{tip}</span> : null}
    </div>
  );
}
