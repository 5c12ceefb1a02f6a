import { Button, Card, Result } from 'antd';
import { notFoundHint, notFoundTitle } from '../../../components/status-page.tsx';
import { ApiError } from '../../../lib/api-error.ts';

/** A meeting that cannot be shown: not found (404), not allowed (403) or another failure, with Coba Lagi. */
export function MeetingLoadError({ error, onRetry }: { error: Error; onRetry(): void }) {
  const status = error instanceof ApiError ? error.statusCode : undefined;
  return (
    <Card>
      <Result
        status={status === 404 ? '404' : status === 403 ? '403' : 'error'}
        title={status === 404 ? notFoundTitle : `Error ${status ?? ''}`.trim()}
        subTitle={status === 404 ? notFoundHint : error.message}
        extra={
          <Button type="primary" onClick={onRetry}>
            Coba Lagi
          </Button>
        }
      />
    </Card>
  );
}
