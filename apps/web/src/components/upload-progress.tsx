import { useCallback, useState, type CSSProperties } from 'react';
import { Progress, Typography } from 'antd';
import { uploadPercent, uploadProgressText, type UploadProgressValue } from '../lib/upload-progress-text.ts';

/**
 * A send's progress for a form that uploads with its other fields: `onUploadProgress` goes to the API
 * client, `progress` to the bar; `start` shows it from 0 before each send, `reset` hides it until the
 * first report (for a form whose caller may not report any).
 */
export function useUploadProgress() {
  const [progress, setProgress] = useState<UploadProgressValue | null>(null);
  const onUploadProgress = useCallback((value: UploadProgressValue) => setProgress(value), []);
  const start = useCallback(() => setProgress({ loaded: 0 }), []);
  const reset = useCallback(() => setProgress(null), []);
  return { progress, onUploadProgress, start, reset };
}

/** The bar with the percent, and the bytes sent of the whole under it (as the upload dialog shows). */
export function UploadProgressBar({
  progress,
  style,
}: {
  progress: UploadProgressValue | null;
  style?: CSSProperties;
}) {
  if (!progress) return null;
  const percent = uploadPercent(progress);
  return (
    <div style={{ marginBottom: 12, ...style }} data-testid="upload-progress">
      <Progress
        percent={percent ?? 0}
        status="active"
        size="small"
        aria-label="Progres unggah"
        format={() => (percent === null ? '…' : `${percent}%`)}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }} role="status">
        Mengunggah {uploadProgressText(progress)}
      </Typography.Text>
    </div>
  );
}
