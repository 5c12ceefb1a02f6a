import { useEffect } from 'react';
import { Button, Modal, Skeleton, Table, Tabs, Typography } from 'antd';
import { EditOutlined, ExportOutlined, PaperClipOutlined } from '@ant-design/icons';
import { formatFileSize } from '@lms/contract/format.rules';
import { EmptyState, emptyTableLocale } from '../../../components/empty-state.tsx';
import { modalWidth } from '../../../lib/layout-constants.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useCourseInfo } from '../api/get-course-info.ts';
import { useEvaluationPlan } from '../api/list-evaluation-plan.ts';
import { useLearningPlan } from '../api/list-learning-plan.ts';
import { useToasts } from '../../../components/toasts.tsx';
import type { ClassModalProps } from './class-modal-props.ts';

/**
 * The /sso link that opens SIAKAD's RPS editor for a course, as a lecturer (spec 2 §6: a one-time
 * authorisation code with as_role ROLE_DOSEN).
 */
export function rpsSsoHref(courseId: string): string {
  const params = new URLSearchParams({
    app: 'siakad',
    legacy: 'true',
    role: 'ROLE_DOSEN',
    path: `/rps/index.php?id_makul=${encodeURIComponent(courseId)}`,
  });
  return `/sso?${params.toString()}`;
}

/** Opens SIAKAD's RPS page in a new tab; a failure is only logged (spec 2 §8). */
export function openRpsEditor(courseId: string): void {
  try {
    const opened = window.open(rpsSsoHref(courseId), '_blank', 'noopener');
    if (opened === null) console.warn('Ubah Data RPS: the new tab was blocked');
  } catch (error) {
    console.warn('Ubah Data RPS failed', error);
  }
}

/**
 * Data Silabus: the syllabus (text and file), the semester learning plan (RPS) and the evaluation plan
 * (RE) from the academic endpoints; Ubah Silabus and Ubah Data RPS only when the class's `akses` allows.
 * A failed fetch shows a danger toast with its message.
 */
export function SyllabusDataModal({
  detail,
  open,
  onClose,
  onEditSyllabus,
}: ClassModalProps & { onEditSyllabus(): void }) {
  const isPhone = useIsPhone();
  const { message } = useToasts();
  const courseId = detail.mata_kuliah.id;
  const course = useCourseInfo(courseId, open);
  const rps = useLearningPlan(courseId, open);
  const evaluation = useEvaluationPlan(courseId, open);

  useEffect(() => {
    for (const error of [course.error, rps.error, evaluation.error]) {
      if (error) void message.error(error.message);
    }
  }, [course.error, rps.error, evaluation.error, message]);

  const silabus = course.data?.silabus ?? detail.mata_kuliah.pendahuluan.silabus;
  const totalWeight = (evaluation.data ?? []).reduce((sum, row) => sum + row.bobot, 0);

  return (
    <Modal
      open={open}
      title="Data Silabus"
      width={modalWidth('default', isPhone)}
      centered
      onCancel={onClose}
      footer={
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, flexWrap: 'wrap' }}>
          {detail.akses.ubah_rps ? (
            <Button icon={<ExportOutlined />} onClick={() => openRpsEditor(courseId)}>
              Ubah Data RPS
            </Button>
          ) : null}
          <Button type="primary" onClick={onClose}>
            Tutup
          </Button>
        </div>
      }
      destroyOnHidden
    >
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        <Typography.Text strong>
          {detail.mata_kuliah.kode} {detail.mata_kuliah.nama}
        </Typography.Text>
        {course.data?.nama_inggris ? (
          <Typography.Text type="secondary"> ({course.data.nama_inggris})</Typography.Text>
        ) : null}
      </Typography.Paragraph>
      <dl className="class-fields" style={{ marginBottom: 8 }}>
        <dt>Dosen Koordinator</dt>
        <dd>{course.isLoading ? '…' : (course.data?.nama_dosen_koordinator ?? '-')}</dd>
        <dt>Pengembang RPS</dt>
        <dd>{course.isLoading ? '…' : (course.data?.nama_dosen_pengembang_rps ?? '-')}</dd>
      </dl>
      <Tabs
        items={[
          {
            key: 'silabus',
            label: 'Silabus',
            children: (
              <div>
                {silabus.teks ? (
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
                    {silabus.teks}
                  </Typography.Paragraph>
                ) : (
                  <EmptyState description="Silabus belum diisi." />
                )}
                {silabus.file ? (
                  <a href={silabus.file.url} target="_blank" rel="noreferrer" download={silabus.file.name}>
                    <PaperClipOutlined /> {silabus.file.name}{' '}
                    <Typography.Text type="secondary">
                      ({formatFileSize(silabus.file.content_length)})
                    </Typography.Text>
                  </a>
                ) : null}
                {detail.akses.ubah_silabus ? (
                  <div style={{ marginTop: 12 }}>
                    <Button icon={<EditOutlined />} onClick={onEditSyllabus}>
                      Ubah Silabus
                    </Button>
                  </div>
                ) : null}
              </div>
            ),
          },
          {
            key: 'rps',
            label: 'RPS',
            children: rps.isLoading ? (
              <Skeleton active />
            ) : (
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                scroll={{ y: 360, x: 520 }}
                dataSource={rps.data ?? []}
                locale={emptyTableLocale}
                columns={[
                  { title: 'Pertemuan', dataIndex: 'id_pertemuan', width: 108, align: 'center' },
                  { title: 'Materi', dataIndex: 'materi' },
                  {
                    title: 'Materi (Inggris)',
                    dataIndex: 'materi_inggris',
                    render: (value: string | null) => value || '-',
                  },
                ]}
              />
            ),
          },
          {
            key: 'evaluasi',
            label: 'Rencana Evaluasi',
            children: evaluation.isLoading ? (
              <Skeleton active />
            ) : (
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={evaluation.data ?? []}
                locale={emptyTableLocale}
                columns={[
                  { title: 'No', key: 'no', width: 56, render: (_v, _row, index) => index + 1 },
                  { title: 'Komponen Nilai', key: 'komponen', render: (_v, row) => row.komponen_nilai.nama },
                  {
                    title: 'Bobot',
                    dataIndex: 'bobot',
                    width: 96,
                    align: 'right',
                    render: (v: number) => `${v}%`,
                  },
                ]}
                summary={() =>
                  evaluation.data?.length ? (
                    <Table.Summary.Row>
                      <Table.Summary.Cell index={0} colSpan={2}>
                        <Typography.Text strong>Total</Typography.Text>
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={2} align="right">
                        <Typography.Text strong>{totalWeight}%</Typography.Text>
                      </Table.Summary.Cell>
                    </Table.Summary.Row>
                  ) : null
                }
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
