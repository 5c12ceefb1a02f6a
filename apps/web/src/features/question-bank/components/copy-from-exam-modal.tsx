import { useState } from 'react';
import { Button, Checkbox, Modal, Select, Space, Spin, Typography } from 'antd';
import { questionKindLabels } from '@lms/contract/exam.rules';
import { questionBankMessages } from '@lms/contract/question-bank.rules';
import { EmptyState } from '../../../components/empty-state.tsx';
import { RichText } from '../../../components/rich-text.tsx';
import { modalWidth } from '../../../lib/layout-constants.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useTeachingPeriods } from '../api/list-bank-refs.ts';
import { useClassesOfPeriod, useExamQuestions, useExamsOfClass } from '../api/copy-questions.ts';
import { useToasts } from '../../../components/toasts.tsx';

/**
 * Soal Mata Kuliah (spec 3 §2, §5): the teacher's classes by period, the class's exams, the exam's
 * questions to tick; submit emits id_ujian and list_id_soal ("Tidak ada soal yang dipilih" when none).
 */
export function CopyFromExamModal({
  open,
  dosenId,
  onSubmit,
  onClose,
}: {
  open: boolean;
  dosenId: string;
  onSubmit: (examId: string, ids: string[]) => Promise<void>;
  onClose: () => void;
}) {
  const isPhone = useIsPhone();
  return (
    <Modal
      open={open}
      title="Soal Mata Kuliah"
      width={modalWidth('default', isPhone)}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {open ? <CopyForm dosenId={dosenId} onSubmit={onSubmit} onClose={onClose} /> : null}
    </Modal>
  );
}

function CopyForm({
  dosenId,
  onSubmit,
  onClose,
}: {
  dosenId: string;
  onSubmit: (examId: string, ids: string[]) => Promise<void>;
  onClose: () => void;
}) {
  const { notification } = useToasts();
  const periods = useTeachingPeriods(dosenId);
  const [periode, setPeriode] = useState<number | null>(null);
  const [classId, setClassId] = useState<string | null>(null);
  const [examId, setExamId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const period = periode ?? periods.data?.[0]?.kode ?? null;
  const classes = useClassesOfPeriod(period);
  const exams = useExamsOfClass(classId);
  const groups = useExamQuestions(examId);
  const questions = (groups.data ?? []).flatMap((g) => g.soal);

  const submit = async () => {
    if (!examId || chosen.length === 0) {
      notification.error({ title: questionBankMessages.noneSelected, placement: 'bottom', duration: 5 });
      return;
    }
    setSaving(true);
    try {
      await onSubmit(examId, chosen);
      onClose();
    } catch (error) {
      notification.error({ title: (error as Error).message, placement: 'bottom', duration: 5 });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Select
        aria-label="Periode"
        placeholder="Periode"
        style={{ width: '100%' }}
        loading={periods.isPending}
        value={period ?? undefined}
        onChange={(v: number) => {
          setPeriode(v);
          setClassId(null);
          setExamId(null);
          setChosen([]);
        }}
        options={(periods.data ?? []).map((p) => ({ value: p.kode, label: p.nama }))}
      />
      <Select
        aria-label="Kelas"
        placeholder="Pilih kelas"
        style={{ width: '100%' }}
        loading={classes.isFetching}
        value={classId ?? undefined}
        showSearch={{ optionFilterProp: 'label' }}
        onChange={(v: string) => {
          setClassId(v);
          setExamId(null);
          setChosen([]);
        }}
        options={(classes.data ?? []).map((c) => ({
          value: c.id,
          label: `${c.mata_kuliah.kode} ${c.mata_kuliah.nama} - ${c.kelas.nama}`,
        }))}
      />
      <Select
        aria-label="Kuis/Ujian"
        placeholder="Pilih kuis/ujian"
        style={{ width: '100%' }}
        disabled={!classId}
        loading={exams.isFetching}
        value={examId ?? undefined}
        showSearch={{ optionFilterProp: 'label' }}
        onChange={(v: string) => {
          setExamId(v);
          setChosen([]);
        }}
        options={(exams.data ?? []).map((e) => ({ value: e.id, label: e.judul }))}
      />
      {examId ? (
        groups.isPending ? (
          <Spin />
        ) : questions.length === 0 ? (
          <EmptyState description="Ujian ini belum memiliki soal." />
        ) : (
          <div style={{ maxHeight: 360, overflow: 'auto' }}>
            <Checkbox
              checked={chosen.length === questions.length}
              indeterminate={chosen.length > 0 && chosen.length < questions.length}
              onChange={(e) => setChosen(e.target.checked ? questions.map((q) => q.id) : [])}
            >
              Pilih semua ({questions.length} soal)
            </Checkbox>
            <Checkbox.Group
              value={chosen}
              onChange={(v) => setChosen(v as string[])}
              style={{ display: 'flex', flexDirection: 'column', gap: 8, marginTop: 8 }}
            >
              {questions.map((q, i) => (
                <Checkbox key={q.id} value={q.id} aria-label={`Soal ${i + 1}`}>
                  <Typography.Text strong>
                    {i + 1}. {questionKindLabels[q.jenis]}
                  </Typography.Text>
                  <RichText html={q.pertanyaan} />
                </Checkbox>
              ))}
            </Checkbox.Group>
          </div>
        )
      ) : null}
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={onClose}>Batal</Button>
        <Button type="primary" loading={saving} onClick={() => void submit()}>
          Salin Soal
        </Button>
      </div>
    </Space>
  );
}
