import { useState } from 'react';
import { DatePicker, Form, Input, InputNumber, Radio, Select, Table, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import {
  examKindLabels,
  examKinds,
  examMessages,
  examNatureLabels,
  examNatures,
  isExamStartLocked,
  validateExamForm,
  type ExamKind,
  type ExamNature,
} from '@lms/contract/exam.rules';
import type { Exam, ExamInput } from '@lms/contract/exam.schema';
import { MeetingField } from '../../../components/meeting-field.tsx';
import {
  beforeYesterday,
  ContentFormFooter,
  ContentFormModal,
  ContentTimeFields,
  meetingTimeValues,
  pickedTime,
  storedTimeValues,
  useFormErrorToast,
  type ContentTimeValues,
} from '../../../components/meeting-content-form.tsx';
import type { ContentFormMeeting, ContentFormState } from '../../../components/meeting-content-list.tsx';
import { RichTextEditor } from '../../../components/rich-text-editor.tsx';
import {
  formatDateTimeRange,
  pickerFormat,
  toPickerValue,
  wholeMinutePickerValue,
} from '../../../lib/date.ts';
import { serverNow } from '../../../lib/server-clock.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useCopyableExams } from '../api/list-copyable-exams.ts';
import { useSaveExam } from '../api/save-exam.ts';
import { useToasts } from '../../../components/toasts.tsx';

/** What the exam form needs of the meeting it is opened on. */
export interface ExamMeeting extends ContentFormMeeting {
  /** The meeting's exams (the main exam of a remedial is one of its non-remedial ones). */
  exams: Exam[];
  /** The class's students (peserta_remedial). */
  participants: Array<{ nim: string; nama: string }>;
  /** pengaturan_kelas.akses_resume_ujian.tampilkan_soal: the answer-key option shows only then. */
  showsKey: boolean;
}

interface ExamFormValues extends ContentTimeValues {
  judul?: string;
  deskripsi?: string;
  jenis?: ExamKind;
  id_ujian_utama?: string;
  peserta_remedial?: string[];
  ditampilkan: boolean;
  sifat: ExamNature;
  acak_soal: boolean;
  gunakan_batas_waktu: boolean;
  durasi?: number | null;
  tampilkan_kunci_jawaban: boolean;
  waktu_tampil_kunci?: dayjs.Dayjs | null;
  /** The operator form's copy tab (spec 3 §3): whether the copy carries the answer keys. */
  salin_kunci_jawaban?: boolean;
}

/** The exam form modal is 830 px wide (spec 3 §2), 90% on phones. */
const examModalWidth = 830;

const yesNo = [
  { value: true, label: 'Ya' },
  { value: false, label: 'Tidak' },
];

/**
 * The exam form of spec 3 §3 and §5, titled Tambah Data or Ubah Data. Adding has two tabs: a new
 * quiz/exam, or a copy of another one (title search, single selection; the pick fills the form; the
 * operator's form also says whether the keys are copied and when they are shown). The eight checks run in the
 * spec's order before saving, each a danger toast at the bottom for 5 s.
 */
export function ExamFormModal({ open, meeting, item: exam, onClose }: ContentFormState<Exam, ExamMeeting>) {
  return (
    <ContentFormModal
      open={open}
      title={
        <div>
          <div>{exam ? 'Ubah Data' : 'Tambah Data'}</div>
          <Typography.Text type="secondary" style={{ fontWeight: 400, fontSize: 13 }}>
            {exam ? 'Ubah Data Kuis/Ujian' : 'Tambah Data Kuis/Ujian'}
          </Typography.Text>
        </div>
      }
      width={examModalWidth}
      onClose={onClose}
    >
      <ExamForm meeting={meeting} exam={exam} onClose={onClose} />
    </ContentFormModal>
  );
}

function ExamForm({ meeting, exam, onClose }: { meeting: ExamMeeting; exam?: Exam; onClose: () => void }) {
  const [form] = Form.useForm<ExamFormValues>();
  const { message } = useToasts();
  const toast = useFormErrorToast(5);
  const save = useSaveExam();
  const [tab, setTab] = useState<'baru' | 'salin'>('baru');
  const [copyFrom, setCopyFrom] = useState<string | null>(null);
  const zone = meeting.timeZone;
  const startLocked = exam ? isExamStartLocked(exam.jumlah_pengerjaan) : false;
  const jenis = Form.useWatch('jenis', form);
  const limited = Form.useWatch('gunakan_batas_waktu', form);
  const keyShown = Form.useWatch('tampilkan_kunci_jawaban', form);
  const copiesKeys = Form.useWatch('salin_kunci_jawaban', form) !== false;
  const copying = !exam && tab === 'salin';
  // A copy without its keys shows none (the server stores it so too).
  const keysOffered = meeting.showsKey && (!copying || meeting.fixed || copiesKeys);
  const mainExams = meeting.exams.filter((e) => e.jenis !== 'remedial' && e.id !== exam?.id);

  const initial: ExamFormValues = exam
    ? {
        ...storedTimeValues(exam, zone),
        judul: exam.judul,
        deskripsi: exam.deskripsi,
        jenis: exam.jenis,
        id_ujian_utama: exam.id_ujian_utama ?? undefined,
        peserta_remedial: exam.peserta_remedial,
        ditampilkan: exam.ditampilkan,
        sifat: exam.sifat,
        acak_soal: exam.acak_soal,
        gunakan_batas_waktu: exam.gunakan_batas_waktu,
        durasi: exam.durasi,
        tampilkan_kunci_jawaban: exam.tampilkan_kunci_jawaban,
        waktu_tampil_kunci: exam.waktu_tampil_kunci.startsWith('0001')
          ? null
          : toPickerValue(exam.waktu_tampil_kunci, zone),
      }
    : {
        // Operators start with an empty time (spec 3 §3); lecturers with the meeting's.
        ...meetingTimeValues(meeting),
        ditampilkan: true,
        sifat: 'close',
        acak_soal: false,
        gunakan_batas_waktu: false,
        tampilkan_kunci_jawaban: false,
        salin_kunci_jawaban: true,
      };

  /**
   * Picking an exam to copy fills the form with its values (title, description, kind, nature, shuffle,
   * time limit, display); the times stay the form's, as they belong to the meeting copied into.
   */
  const pickSource = (source: Exam) => {
    setCopyFrom(source.id);
    form.setFieldsValue({
      judul: source.judul,
      deskripsi: source.deskripsi,
      jenis: source.jenis,
      sifat: source.sifat,
      acak_soal: source.acak_soal,
      gunakan_batas_waktu: source.gunakan_batas_waktu,
      durasi: source.durasi,
      ditampilkan: source.ditampilkan,
    });
  };

  const submit = async () => {
    if (!exam && tab === 'salin' && !copyFrom) {
      toast(examMessages.pickExamFirst);
      return;
    }
    const values = form.getFieldsValue(true) as ExamFormValues;
    const at = (v: dayjs.Dayjs | null | undefined) => pickedTime(v, zone);
    const input: ExamInput = {
      id_pertemuan: values.id_pertemuan ?? (meeting.fixed ? meeting.id : null),
      judul: values.judul ?? '',
      deskripsi: values.deskripsi ?? '',
      jenis: values.jenis ?? null,
      sifat: values.sifat,
      id_ujian_utama: values.jenis === 'remedial' ? (values.id_ujian_utama ?? null) : null,
      durasi: values.durasi ?? null,
      gunakan_batas_waktu: values.gunakan_batas_waktu,
      acak_soal: values.acak_soal,
      ditampilkan: values.ditampilkan,
      tampilkan_kunci_jawaban: keysOffered && values.tampilkan_kunci_jawaban,
      // Sent only when the key is shown (spec 3 §5).
      waktu_tampil_kunci:
        keysOffered && values.tampilkan_kunci_jawaban ? at(values.waktu_tampil_kunci) : null,
      waktu_mulai: at(values.waktu_mulai),
      waktu_selesai: at(values.waktu_selesai),
      peserta_remedial: values.jenis === 'remedial' ? (values.peserta_remedial ?? []) : [],
    };
    const errors = validateExamForm(
      {
        ...input,
        waktu_mulai: input.waktu_mulai ? new Date(input.waktu_mulai) : null,
        waktu_selesai: input.waktu_selesai ? new Date(input.waktu_selesai) : null,
        waktu_tampil_kunci: input.waktu_tampil_kunci ? new Date(input.waktu_tampil_kunci) : null,
      },
      { requireMeeting: true },
    );
    if (errors[0]) {
      toast(errors[0].message);
      return;
    }
    try {
      await save.mutateAsync({
        id: exam?.id,
        input,
        copyFrom: !exam && tab === 'salin' ? copyFrom : undefined,
        copyKeys: meeting.fixed || values.salin_kunci_jawaban !== false,
      });
      void message.success(exam ? 'Kuis/Ujian berhasil diubah' : 'Kuis/Ujian berhasil ditambahkan');
      onClose();
    } catch (error) {
      toast((error as Error).message);
    }
  };

  const fields = (
    <>
      <MeetingField meeting={meeting} requiredMessage={examMessages.pertemuanRequired} />
      <Form.Item name="judul" label="Judul" rules={[{ required: true, message: examMessages.judulRequired }]}>
        <Input placeholder="Judul kuis/ujian" maxLength={255} />
      </Form.Item>
      <Form.Item
        name="deskripsi"
        label="Deskripsi"
        rules={[{ required: true, message: examMessages.deskripsiRequired }]}
      >
        <RichTextEditor label="Deskripsi" />
      </Form.Item>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <Form.Item
          name="jenis"
          label="Jenis"
          style={{ flex: '1 1 220px' }}
          rules={[{ required: true, message: examMessages.jenisRequired }]}
        >
          <Select
            placeholder="Pilih jenis"
            options={examKinds.map((k) => ({ value: k, label: examKindLabels[k] }))}
          />
        </Form.Item>
        {jenis === 'remedial' ? (
          <Form.Item
            name="id_ujian_utama"
            label="Ujian Utama"
            style={{ flex: '1 1 220px' }}
            rules={[{ required: true, message: examMessages.ujianUtamaRequired }]}
          >
            {mainExams.length === 0 ? (
              <Typography.Text type="secondary">{examMessages.noMainExam}</Typography.Text>
            ) : (
              <Select
                placeholder="Pilih ujian utama"
                options={mainExams.map((e) => ({ value: e.id, label: e.judul }))}
              />
            )}
          </Form.Item>
        ) : null}
      </div>
      {jenis === 'remedial' ? (
        <Form.Item name="peserta_remedial" label="Peserta Remedial">
          <Select
            mode="multiple"
            allowClear
            placeholder="Pilih mahasiswa"
            optionFilterProp="label"
            options={meeting.participants.map((p) => ({ value: p.nim, label: `${p.nama} (${p.nim})` }))}
          />
        </Form.Item>
      ) : null}
      <ContentTimeFields
        wholeMinutes
        start={{ disabled: startLocked, disabledDate: beforeYesterday }}
        end={{
          disabledDate: (d) =>
            beforeYesterday(d) ||
            (!!form.getFieldValue('waktu_mulai') && d.isBefore(form.getFieldValue('waktu_mulai'), 'day')),
        }}
      />
      <div style={{ display: 'flex', columnGap: 24, flexWrap: 'wrap' }}>
        <Form.Item name="ditampilkan" label="Status Tampilan">
          <Radio.Group
            options={[
              { value: true, label: 'Ditampilkan' },
              { value: false, label: 'Disembunyikan' },
            ]}
          />
        </Form.Item>
        <Form.Item name="sifat" label="Sifat">
          <Radio.Group options={examNatures.map((s) => ({ value: s, label: examNatureLabels[s] }))} />
        </Form.Item>
        <Form.Item name="acak_soal" label="Acak Soal">
          <Radio.Group options={yesNo} />
        </Form.Item>
      </div>
      <div style={{ display: 'flex', columnGap: 24, flexWrap: 'wrap' }}>
        <Form.Item name="gunakan_batas_waktu" label="Batas Waktu">
          <Radio.Group options={yesNo} />
        </Form.Item>
        {limited ? (
          <Form.Item name="durasi" label="Durasi (menit)">
            <InputNumber min={0} max={100_000} placeholder="Menit" />
          </Form.Item>
        ) : null}
      </div>
    </>
  );

  // Kunci Jawaban and Waktu Tampil Kunci (spec 3 §3), offered only when the class setting lets keys be
  // shown; a copy without its keys has none to show, so the operator's copy tab hides them then.
  const keyFields = keysOffered ? (
    <div style={{ display: 'flex', columnGap: 24, flexWrap: 'wrap' }}>
      <Form.Item name="tampilkan_kunci_jawaban" label="Kunci Jawaban">
        <Radio.Group options={yesNo} />
      </Form.Item>
      {keyShown ? (
        <Form.Item
          name="waktu_tampil_kunci"
          label="Waktu Tampil Kunci"
          style={{ flex: '1 1 220px' }}
          normalize={wholeMinutePickerValue}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format={pickerFormat}
            style={{ width: '100%' }}
            disabledDate={(d) => Math.abs(d.diff(dayjs(serverNow()), 'year')) > 100}
            placeholder="Pilih waktu tampil kunci"
          />
        </Form.Item>
      ) : null}
    </div>
  ) : null;

  return (
    <Form form={form} layout="vertical" requiredMark={false} initialValues={initial}>
      {exam ? (
        <>
          {fields}
          {keyFields}
        </>
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as 'baru' | 'salin')}
          // Both tabs hold the same fields: only the shown one is mounted, so each label names the
          // field on screen (the form keeps the values across tabs).
          destroyOnHidden
          items={[
            {
              key: 'baru',
              label: 'Buat Kuis/Ujian Baru',
              children: (
                <>
                  {fields}
                  {keyFields}
                </>
              ),
            },
            {
              key: 'salin',
              label: 'Salin Kuis/Ujian',
              children: (
                <>
                  <CopyTable
                    classId={meeting.kelasId}
                    selected={copyFrom}
                    onSelect={pickSource}
                    timeZone={zone}
                  />
                  {meeting.fixed ? (
                    <>
                      {fields}
                      {keyFields}
                    </>
                  ) : (
                    // The operator form's list_salin_ujian, salin_kunci_jawaban and waktu_tampil_kunci
                    // (spec 3 §3) together: what is copied, and when its keys are shown.
                    <>
                      <Form.Item name="salin_kunci_jawaban" label="Salin Kunci Jawaban">
                        <Radio.Group options={yesNo} />
                      </Form.Item>
                      {keyFields}
                      {fields}
                    </>
                  )}
                </>
              ),
            },
          ]}
        />
      )}
      <ContentFormFooter
        onCancel={() => {
          form.resetFields();
          onClose();
        }}
        onSave={() => void submit()}
        saving={save.isPending}
        saveText={exam ? 'Simpan' : 'Tambah'}
      />
    </Form>
  );
}

/** The copy tab's table: title search (500 ms debounce), single-row selection, 10 rows a page. */
function CopyTable({
  classId,
  selected,
  onSelect,
  timeZone,
}: {
  classId: string;
  selected: string | null;
  onSelect: (exam: Exam) => void;
  timeZone: string;
}) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search, 500);
  const list = useCopyableExams(
    { page, per_page: 10, search: debounced || undefined, exclude_id_kelas_kuliah: classId },
    true,
  );
  return (
    <div style={{ marginBottom: 16 }}>
      <Input.Search
        placeholder="Cari judul kuis/ujian"
        aria-label="Cari judul kuis/ujian"
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(1);
        }}
        style={{ marginBottom: 8 }}
      />
      <Table
        size="small"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.data ?? []}
        scroll={{ x: 'max-content' }}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: selected ? [selected] : [],
          onChange: (_, rows: Exam[]) => {
            if (rows[0]) onSelect(rows[0]);
          },
        }}
        pagination={{
          current: page,
          pageSize: 10,
          total: list.data?.meta.total_items ?? 0,
          onChange: setPage,
        }}
        columns={[
          { title: 'Judul', dataIndex: 'judul' },
          {
            title: 'Kelas',
            render: (_, e: Exam) => `${e.kelas_kuliah.mata_kuliah.kode} · ${e.kelas_kuliah.nama}`,
          },
          { title: 'Jenis', render: (_, e: Exam) => examKindLabels[e.jenis] },
          {
            title: 'Waktu',
            render: (_, e: Exam) => formatDateTimeRange(e.waktu_mulai, e.waktu_selesai, timeZone),
          },
        ]}
      />
    </div>
  );
}
