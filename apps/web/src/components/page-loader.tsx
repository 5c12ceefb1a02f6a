import './page-loader.css';

/**
 * A centred spinner while a page or its code loads (plain: it shows before antd's code has come);
 * `overlay` covers the page instead, after 150 ms, as antd's fullscreen Spin did for a dialog's code.
 */
export function PageLoader({
  tip,
  fullScreen = false,
  overlay = false,
}: {
  tip?: string;
  fullScreen?: boolean;
  overlay?: boolean;
}) {
  const variant = overlay ? ' page-loader--overlay' : fullScreen ? ' page-loader--full-screen' : '';
  return (
    <div role="status" aria-label={tip ? undefined : 'Memuat'} className={`page-loader${variant}`}>
      <span className="page-loader__spinner" aria-hidden />
      {tip ? <span className="page-loader__tip">{tip}</span> : null}
    </div>
  );
}
