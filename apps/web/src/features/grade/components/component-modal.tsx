import { useState } from 'react';
import { Checkbox, Modal, Skeleton, Space, Tag, Typography } from 'antd';
import {
  gradeMessages,
  gradeTypeLabels,
  scoreStatusColors,
  scoreStatusLabels,
} from '@lms/contract/grade.rules';
import type { RecapComponent } from '@lms/contract/grade.schema';
import { EmptyState } from '../../../components/empty-state.tsx';
import { normalizeApiError } from '../../../lib/api-error.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useComponentActivities, useRecapActivities } from '../api/list-recap-activities.ts';
import { useSaveComponentActivities } from '../api/save-component-activities.ts';
import { useToasts } from '../../../components/toasts.tsx';

/**
 * Pengaturan Nilai {type} SIKAD: which LMS activities make up a SIAKAD component. Its value per student
 * is their mean, an activity without a score counting 0.
 */
export function ComponentModal({
  classId,
  component,
  onClose,
}: {
  classId: string;
  component: RecapComponent | null;
  onClose(): void;
}) {
  const isPhone = useIsPhone();
  const { message, notification } = useToasts();
  const activities = useRecapActivities(classId, !!component);
  const chosen = useComponentActivities(classId, component?.id ?? null);
  const save = useSaveComponentActivities();
  // null: as stored; the user's choice once they tick something.
  const [edited, setEdited] = useState<string[] | null>(null);
  const selected = edited ?? (chosen.data ?? []).map((a) => a.aktivitas.id);
  const close = () => {
    setEdited(null);
    onClose();
  };

  const submit = async () => {
    if (!component) return;
    try {
      await save.mutateAsync({ classId, komponenId: component.id, activityIds: selected });
      message.success(gradeMessages.componentSaved);
      close();
    } catch (error) {
      notification.error({ title: normalizeApiError(error).message, placement: 'bottom' });
    }
  };

  return (
    <Modal
      open={!!component}
      title={component ? `Pengaturan Nilai ${component.label} SIKAD` : ''}
      onCancel={close}
      onOk={() => void submit()}
      okText="Simpan"
      cancelText="Batal"
      confirmLoading={save.isPending}
      width={isPhone ? '90%' : 640}
      destroyOnHidden
    >
      {component ? (
        <Typography.Paragraph type="secondary">
          Bobot {component.bobot}%. Nilai komponen = rata-rata nilai aktivitas yang dipilih; aktivitas yang
          belum dinilai dihitung 0.
        </Typography.Paragraph>
      ) : null}
      {activities.isPending || chosen.isPending ? (
        <Skeleton active />
      ) : (activities.data ?? []).length === 0 ? (
        <EmptyState description="Belum ada aktivitas bernilai (tugas, kuis/ujian, forum) di kelas ini." />
      ) : (
        <Checkbox.Group value={selected} onChange={(v) => setEdited(v as string[])} style={{ width: '100%' }}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            {(activities.data ?? []).map((a) => (
              <Checkbox key={a.aktivitas.id} value={a.aktivitas.id}>
                <span>
                  {a.label_pertemuan} · {gradeTypeLabels[a.aktivitas.jenis]}: {a.aktivitas.label}{' '}
                  <Tag color={scoreStatusColors[a.status_nilai]}>{scoreStatusLabels[a.status_nilai]}</Tag>
                </span>
              </Checkbox>
            ))}
          </Space>
        </Checkbox.Group>
      )}
    </Modal>
  );
}
