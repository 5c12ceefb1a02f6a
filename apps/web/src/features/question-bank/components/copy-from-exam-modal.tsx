import { useState } from 'react';
import { Button, Modal, Select, Space, Spin } from 'antd';
import { EmptyState } from '../../../components/empty-state.tsx';
import { modalWidth } from '../../../lib/layout-constants.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useTeachingPeriods } from '../api/list-bank-refs.ts';
import { useClassesOfPeriod, useExamQuestions, useExamsOfClass } from '../api/copy-questions.ts';
import { QuestionPickList, useQuestionPickSubmit } from './question-pick-list.tsx';

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
  const { saving, submit } = useQuestionPickSubmit(onClose);
  const periods = useTeachingPeriods(dosenId);
  const [periode, setPeriode] = useState<number | null>(null);
  const [classId, setClassId] = useState<string | null>(null);
  const [examId, setExamId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const period = periode ?? periods.data?.[0]?.kode ?? null;
  const classes = useClassesOfPeriod(period);
  const exams = useExamsOfClass(classId);
  const groups = useExamQuestions(examId);
  const questions = (groups.data ?? []).flatMap((g) => g.soal);

  const copy = () => submit(!!examId && chosen.length > 0, () => onSubmit(examId!, chosen));

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
          <QuestionPickList
            questions={questions.map((q, i) => ({ ...q, nomor: i + 1, label: `Soal ${i + 1}` }))}
            chosen={chosen}
            onChange={setChosen}
          />
        )
      ) : null}
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={onClose}>Batal</Button>
        <Button type="primary" loading={saving} onClick={() => void copy()}>
          Salin Soal
        </Button>
      </div>
    </Space>
  );
}
