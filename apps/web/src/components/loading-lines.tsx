import './loading-lines.css';

/**
 * Grey lines standing for text that is loading (a title and `rows` lines, the last one shorter), as
 * antd's Skeleton drew them, in plain markup: on a page's first screen antd would generate the
 * Skeleton's CSS in the page on the phone's CPU first (issue 17).
 */
export function LoadingLines({ rows = 3 }: { rows?: number }) {
  return (
    <div className="loading-lines" role="status" aria-label="Memuat">
      <span className="loading-lines__title" />
      {Array.from({ length: rows }, (_, index) => (
        <span key={index} className="loading-lines__row" />
      ))}
    </div>
  );
}
