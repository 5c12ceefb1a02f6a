import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Progress, Tooltip, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { attendanceMessages } from '@lms/contract/attendance.rules';
import type { RecalculationInput, RecalculationScope } from '@lms/contract/attendance.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useToasts } from '../../../components/toasts.tsx';
import { normalizeApiError } from '../../../lib/api-error.ts';
import { attendanceKeys } from '../../../lib/query-keys/attendance-query-keys.ts';
import {
  getRecalculationScope,
  useRecalculationStatus,
  useRequestRecalculation,
} from '../api/request-recalculation.ts';

/**
 * "Update Kehadiran Manual": asks the server what the list's scope covers (period, programme, class,
 * lecturer, dates), confirms it with the operator ("… 12 kelas · 340 mahasiswa · 190 pertemuan"), then
 * starts the job and hands its id to the page, which follows it with `RecalculationProgress`. Answers
 * the button and the dialog apart: the page moves the button between the card's header and its body
 * (phones) while the dialog, and what it asks, stays where it is.
 */
export function useManualRecalculation({
  filter,
  unscopedFilters,
  disabled,
  onStarted,
}: {
  filter: RecalculationInput;
  /** Filters of the list that do not narrow the recalculation (status, search), named in the dialog. */
  unscopedFilters: string[];
  disabled: boolean;
  onStarted: (id: string) => void;
}) {
  const recalculate = useRequestRecalculation();
  const { message, notification } = useToasts();
  const [scope, setScope] = useState<RecalculationScope | null>(null);
  const [asking, setAsking] = useState(false);
  const fail = (error: unknown) => notification.error({ title: normalizeApiError(error).message });

  const ask = async () => {
    setAsking(true);
    try {
      const found = await getRecalculationScope(filter);
      if (found.jumlah_kelas === 0) notification.error({ title: 'Tidak ada kelas pada filter ini.' });
      else setScope(found);
    } catch (error) {
      fail(error);
    } finally {
      setAsking(false);
    }
  };

  const button = (
    <Tooltip title={disabled ? attendanceMessages.recalculationRunning : undefined}>
      <Button disabled={disabled} loading={asking} onClick={() => void ask()}>
        Update Kehadiran Manual
      </Button>
    </Tooltip>
  );
  const dialog = (
    <ConfirmDialog
      open={scope !== null}
      title="Update Kehadiran Manual"
      confirmText="Hitung Ulang"
      onCancel={() => setScope(null)}
      onConfirm={async () => {
        try {
          const started = await recalculate.mutateAsync({ filter });
          setScope(null);
          onStarted(started.id);
          message.success(attendanceMessages.recalculationRequested);
        } catch (error) {
          fail(error);
        }
      }}
    >
      {scope ? (
        <div data-testid="recalculation-scope" style={{ display: 'grid', gap: 8 }}>
          <Typography.Text>Kehadiran akan dihitung ulang dari aktivitas mahasiswa untuk:</Typography.Text>
          <Typography.Text strong>{scope.cakupan}</Typography.Text>
          <Typography.Text>
            {scope.jumlah_kelas} kelas · {scope.jumlah_mahasiswa} mahasiswa · {scope.jumlah_pertemuan}{' '}
            pertemuan
          </Typography.Text>
          <Typography.Text type="secondary">
            Kehadiran yang diisi dosen, operator atau lewat QR tidak berubah.
            {unscopedFilters.length
              ? ` Filter ${unscopedFilters.join(' dan ')} tidak membatasi perhitungan ulang.`
              : ''}
          </Typography.Text>
        </div>
      ) : null}
    </ConfirmDialog>
  );
  return { button, dialog };
}

/**
 * The progress of a running recalculation ("1 dari 3 kelas"), asked every second; when it ends, a
 * message says how it went and every attendance query (this table too) is fetched again.
 */
export function RecalculationProgress({ id, onEnded }: { id: string; onEnded: () => void }) {
  const status = useRecalculationStatus(id);
  const queryClient = useQueryClient();
  const { message, notification } = useToasts();
  const announced = useRef<string | null>(null);
  const data = status.data;

  useEffect(() => {
    if (!data || data.status === 'processing' || announced.current === data.id) return;
    announced.current = data.id;
    if (data.status === 'completed') {
      message.success(
        `${attendanceMessages.recalculationCompleted}${data.jumlah_kelas !== null ? `: ${data.jumlah_kelas} kelas dihitung ulang` : ''}.`,
      );
    } else {
      notification.error({
        title: attendanceMessages.recalculationFailed,
        description: 'Silakan coba lagi.',
      });
    }
    void queryClient.invalidateQueries({ queryKey: attendanceKeys.all });
    onEnded();
  }, [data, message, notification, queryClient, onEnded]);

  if (status.isError) {
    return <Alert type="error" showIcon title={normalizeApiError(status.error).message} />;
  }
  const total = data?.jumlah_kelas ?? null;
  const done = data?.kelas_selesai ?? 0;
  return (
    <Alert
      type="info"
      showIcon
      data-testid="recalculation-progress"
      title="Sedang menghitung ulang kehadiran"
      description={
        <div style={{ display: 'grid', gap: 4 }}>
          <span>{total !== null ? `${done} dari ${total} kelas selesai` : 'Menunggu giliran…'}</span>
          <Progress
            percent={total ? Math.round((done / total) * 100) : 0}
            status="active"
            size="small"
            aria-label="Progres update kehadiran"
          />
        </div>
      }
    />
  );
}
