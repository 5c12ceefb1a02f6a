import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-error.ts';

/** A class that cannot be shown: not found (404), not allowed (403), or 'NO DATA' for other failures. */
export function ClassLoadError({ error, onRetry }: { error: Error; onRetry(): void }) {
  const navigate = useNavigate();
  const status = error instanceof ApiError ? error.statusCode : undefined;
  const back = (
    <Button key="back" onClick={() => void navigate('/kelas')}>
      Kembali ke Kelas Kuliah
    </Button>
  );
  if (status === 404 || status === 403) {
    return (
      <Result
        status={status === 404 ? '404' : '403'}
        title={status === 404 ? 'Kelas tidak ditemukan' : 'Anda tidak memiliki akses ke kelas ini'}
        subTitle={error.message}
        extra={back}
      />
    );
  }
  return (
    <Result
      status="error"
      title="NO DATA"
      subTitle={error.message}
      extra={[
        <Button key="retry" type="primary" onClick={onRetry}>
          Coba Lagi
        </Button>,
        back,
      ]}
    />
  );
}
