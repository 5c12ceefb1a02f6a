import { useMemo, useState } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  DatePicker,
  Divider,
  Form,
  Input,
  Modal,
  Row,
  Select,
  Space,
  Switch,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { lectureModeLabels, lectureModeValues } from '@lms/contract/class.rules';
import {
  isRoomUnavailable,
  meetingCategoryLabels,
  meetingCategoryValues,
  meetingDescriptionMaxLength,
  meetingEditMessages,
  meetingNeedsRoom,
  normalizeMeetingKind,
  type AttendanceParameters,
} from '@lms/contract/meeting.rules';
import type { ClashCheckResult, MeetingDetail } from '@lms/contract/meeting.schema';
import { formatDateTimeRange, fromPickerValue, pickerFormat } from '../../../lib/date.ts';
import { modalWidth } from '../../../lib/layout-constants.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useCheckClashes } from '../api/check-clashes.ts';
import { useAvailableRooms } from '../api/list-available-rooms.ts';
import { useSessions } from '../../../lib/queries/list-sessions.ts';
import { MeetingSaveError, useUpdateMeeting } from '../api/update-meeting.ts';
import { ClashResult } from './clash-result.tsx';
import { meetingTeacherName } from './meeting-info.tsx';
import {
  buildClashCheck,
  buildMeetingUpdate,
  formFieldOf,
  hasMeetingChanged,
  initialMeetingFormValues,
  moveToDate,
  saveState,
  scheduleRuleErrors,
  sessionTimesOn,
  type MeetingFormValues,
} from './meeting-edit-values.ts';
import { useToasts } from '../../../components/toasts.tsx';

/** Spec 1 §5: an empty required date or time picker. */
const pickerRequired = 'Harap isi bidang ini';

const parameterLabels: Record<keyof AttendanceParameters, string> = {
  unduh_materi: 'Mengunduh materi',
  hadir_vidcon: 'Hadir di vidcon',
  kerjakan_tugas: 'Mengerjakan tugas',
  kerjakan_kuis_ujian: 'Mengerjakan kuis/ujian',
  posting_forum: 'Posting di forum',
};

const m = meetingEditMessages;

/** The messages of empty required fields, which make the "Pengisian Data Belum Lengkap!" toast. */
const requiredMessages = new Set<string>([
  pickerRequired,
  m.judulRequired,
  m.deskripsiRequired,
  m.sesiRequired,
  m.ruanganRequired,
  m.pengajarRequired,
]);

/** Ubah Data Pertemuan: every rule of spec 2 §5 "Meeting edit". */
export function MeetingEditModal({
  meeting,
  open,
  onClose,
}: {
  meeting: MeetingDetail;
  open: boolean;
  onClose: () => void;
}) {
  const isPhone = useIsPhone();
  return (
    <Modal
      open={open}
      title="Ubah Data Pertemuan"
      width={modalWidth('default', isPhone)}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {open ? <MeetingEditForm meeting={meeting} onClose={onClose} /> : null}
    </Modal>
  );
}

function MeetingEditForm({ meeting, onClose }: { meeting: MeetingDetail; onClose: () => void }) {
  const { message, notification } = useToasts();
  const isPhone = useIsPhone();
  const [form] = Form.useForm<MeetingFormValues>();
  const initialValues = useMemo(() => initialMeetingFormValues(meeting), [meeting]);
  const zone = meeting.time_zone;
  const scheduleEditable = meeting.akses.ubah_jadwal;
  const [clash, setClash] = useState<ClashCheckResult | null>(null);
  const [changed, setChanged] = useState(false);

  const sessions = useSessions(scheduleEditable);
  const sessionList = useMemo(() => sessions.data ?? [], [sessions.data]);
  // useWatch answers undefined until the form is connected; a cleared picker is null.
  const watch = <K extends keyof MeetingFormValues>(value: MeetingFormValues[K] | undefined, key: K) =>
    value === undefined ? initialValues[key] : value;
  const jenis = normalizeMeetingKind(watch(Form.useWatch('jenis', form), 'jenis'));
  const start = watch(Form.useWatch('waktu_mulai', form), 'waktu_mulai');
  const end = watch(Form.useWatch('waktu_selesai', form), 'waktu_selesai');
  const needsRoom = meetingNeedsRoom(jenis);
  const rooms = useAvailableRooms(
    {
      start: start ? fromPickerValue(start, zone) : null,
      end: end && start && end.isAfter(start) ? fromPickerValue(end, zone) : null,
      meetingId: meeting.id,
    },
    scheduleEditable && needsRoom,
  );
  const check = useCheckClashes();
  const update = useUpdateMeeting(meeting.id);
  const save = saveState(changed, scheduleEditable, clash);

  const toast = (title: string) => notification.error({ title, placement: 'bottom' });

  /**
   * Validates everything; on failure shows the spec's toast for what is wrong: missing fields
   * "Pengisian Data Belum Lengkap!", else the description's length, else the first message. For the
   * clash check an unavailable room does not stop it: the check says who holds the room.
   */
  const validate = async (forCheck = false): Promise<MeetingFormValues | null> => {
    try {
      await form.validateFields();
    } catch (error) {
      const all =
        (error as { errorFields?: { name: (string | number)[]; errors: string[] }[] }).errorFields ?? [];
      const fields = forCheck
        ? all.filter(
            (f) => !(f.name[0] === 'id_ruangan' && f.errors.every((e) => e.endsWith('Tidak Tersedia'))),
          )
        : all;
      if (fields.length) {
        const messages = fields.flatMap((f) => f.errors);
        const missing = messages.some((e) => requiredMessages.has(e));
        toast(
          missing ? m.incomplete : messages.includes(m.deskripsiTooLong) ? m.deskripsiTooLong : messages[0]!,
        );
        return null;
      }
    }
    return form.getFieldsValue(true) as MeetingFormValues;
  };

  const runCheck = async () => {
    const values = await validate(true);
    if (!values) return;
    try {
      setClash(await check.mutateAsync(buildClashCheck(values, meeting)));
    } catch {
      toast(m.clashCheckFailed);
    }
  };

  const submit = async () => {
    const values = await validate();
    if (!values) return;
    try {
      await update.mutateAsync(buildMeetingUpdate(values, meeting));
      void message.success('Data pertemuan berhasil disimpan');
      onClose();
    } catch (error) {
      if (!(error instanceof MeetingSaveError)) {
        toast((error as Error).message);
        return;
      }
      if (error.clash) setClash(error.clash);
      const fieldErrors = new Map<keyof MeetingFormValues, string[]>();
      for (const f of error.fields) {
        const name = formFieldOf(f.field, f.message);
        if (name) fieldErrors.set(name, [...(fieldErrors.get(name) ?? []), f.message]);
      }
      form.setFields([...fieldErrors].map(([name, errors]) => ({ name, errors })));
      const exact: Record<string, string> = {
        pengisian_belum_lengkap: m.incomplete,
        deskripsi_terlalu_panjang: m.deskripsiTooLong,
      };
      toast(exact[error.code ?? ''] ?? error.message);
    }
  };

  const onValuesChange = (changedValues: Partial<MeetingFormValues>, all: MeetingFormValues) => {
    // Spec 2 §4: any change clears the clash-check result and marks the form changed.
    setClash(null);
    if ('tanggal' in changedValues && all.tanggal) {
      const date = all.tanggal;
      const sesi = sessionList.find((s) => s.id === all.id_sesi);
      const fallback = sesi ? sessionTimesOn(date, sesi) : null;
      const nextStart = all.waktu_mulai ? moveToDate(all.waktu_mulai, date) : (fallback?.start ?? null);
      const nextEnd = all.waktu_selesai ? moveToDate(all.waktu_selesai, date) : (fallback?.end ?? null);
      form.setFieldsValue({ waktu_mulai: nextStart, waktu_selesai: nextEnd });
    }
    if ('id_sesi' in changedValues) {
      const sesi = sessionList.find((s) => s.id === changedValues.id_sesi);
      const date = all.tanggal ?? all.waktu_mulai;
      if (sesi && date) {
        const times = sessionTimesOn(date, sesi);
        form.setFieldsValue({ waktu_mulai: times.start, waktu_selesai: times.end });
      }
    }
    if ('jenis' in changedValues && normalizeMeetingKind(changedValues.jenis) === 'online') {
      form.setFieldsValue({
        id_ruangan: null,
        parameter_kehadiran: { ...all.parameter_kehadiran, unduh_materi: true },
      });
    }
    if ('tanggal' in changedValues || 'id_sesi' in changedValues) {
      void form.validateFields(['waktu_mulai', 'waktu_selesai']).catch(() => undefined);
    }
    setChanged(hasMeetingChanged(form.getFieldsValue(true) as MeetingFormValues, meeting));
  };

  const ruleErrors = () =>
    scheduleRuleErrors(
      form.getFieldsValue(['waktu_mulai', 'waktu_selesai', 'id_sesi', 'jenis']),
      sessionList,
      zone,
    );

  const roomOptions = (rooms.data ?? []).map((room) => {
    const unavailable = isRoomUnavailable(room, meeting.jumlah_peserta);
    return {
      value: room.id,
      disabled: unavailable,
      name: room.nama,
      label: (
        <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {room.nama} · Kapasitas {room.kapasitas}
          </span>
          {unavailable ? (
            <Tag color="red" style={{ marginInlineEnd: 0 }}>
              Tidak Tersedia
            </Tag>
          ) : null}
        </span>
      ),
    };
  });
  // The stored room is shown even before the list arrives.
  if (meeting.ruangan && !roomOptions.some((o) => o.value === meeting.ruangan!.id)) {
    roomOptions.push({
      value: meeting.ruangan.id,
      disabled: false,
      name: meeting.ruangan.nama,
      label: <span>{meeting.ruangan.nama}</span>,
    });
  }

  const half = isPhone ? 24 : 12;

  return (
    <Form<MeetingFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onValuesChange={onValuesChange}
      requiredMark
      style={{ marginTop: 16 }}
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        {meeting.kelas_kuliah.mata_kuliah.kode} {meeting.kelas_kuliah.mata_kuliah.nama} · Kelas{' '}
        {meeting.kelas_kuliah.kelas.nama} {meeting.kelas_kuliah.kelas.jenis.nama} · Pertemuan {meeting.nomor}
      </Typography.Paragraph>
      <Form.Item
        name="judul"
        label="Judul"
        rules={[{ required: true, whitespace: true, message: m.judulRequired }]}
      >
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item
        name="deskripsi"
        label="Deskripsi"
        rules={[
          { required: true, whitespace: true, message: m.deskripsiRequired },
          { max: meetingDescriptionMaxLength, message: m.deskripsiTooLong },
        ]}
      >
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 8 }}
          showCount
          count={{ max: meetingDescriptionMaxLength }}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col span={half}>
          <Form.Item name="kategori" label="Kategori">
            <Select
              options={meetingCategoryValues.map((v) => ({ value: v, label: meetingCategoryLabels[v] }))}
            />
          </Form.Item>
        </Col>
        <Col span={half}>
          <Form.Item name="jenis" label="Jenis">
            <Select options={lectureModeValues.map((v) => ({ value: v, label: lectureModeLabels[v] }))} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="metode" label="Metode">
        <Input maxLength={100} placeholder="Contoh: Ceramah dan Diskusi" />
      </Form.Item>

      <Divider titlePlacement="start" style={{ marginTop: 4 }}>
        Jadwal
      </Divider>
      {scheduleEditable ? (
        <>
          <Row gutter={16}>
            <Col span={half}>
              <Form.Item name="tanggal" label="Tanggal" rules={[{ required: true, message: pickerRequired }]}>
                <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} placeholder="Pilih tanggal" />
              </Form.Item>
            </Col>
            <Col span={half}>
              <Form.Item name="id_sesi" label="Sesi" rules={[{ required: true, message: m.sesiRequired }]}>
                <Select
                  placeholder="Pilih sesi"
                  loading={sessions.isLoading}
                  options={sessionList.map((s) => ({
                    value: s.id,
                    label: `${s.nama} (${s.jam_mulai.slice(0, 5)} - ${s.jam_selesai.slice(0, 5)})`,
                  }))}
                />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col span={half}>
              <Form.Item
                name="waktu_mulai"
                label="Waktu Mulai"
                dependencies={['id_sesi']}
                rules={[
                  { required: true, message: pickerRequired },
                  {
                    validator: async () => {
                      const error = ruleErrors().waktu_mulai;
                      if (error) throw new Error(error);
                    },
                  },
                ]}
              >
                <DatePicker
                  showTime={{ format: 'HH:mm' }}
                  format={pickerFormat}
                  style={{ width: '100%' }}
                  placeholder="Pilih waktu mulai"
                />
              </Form.Item>
            </Col>
            <Col span={half}>
              <Form.Item
                name="waktu_selesai"
                label="Waktu Selesai"
                dependencies={['waktu_mulai']}
                rules={[
                  { required: true, message: pickerRequired },
                  {
                    validator: async () => {
                      const error = ruleErrors().waktu_selesai;
                      if (error) throw new Error(error);
                    },
                  },
                ]}
              >
                <DatePicker
                  showTime={{ format: 'HH:mm' }}
                  format={pickerFormat}
                  style={{ width: '100%' }}
                  placeholder="Pilih waktu selesai"
                />
              </Form.Item>
            </Col>
          </Row>
          {needsRoom ? (
            <Form.Item
              name="id_ruangan"
              label="Ruangan"
              extra={`Ruangan harus tersedia pada waktu tersebut dan menampung ${meeting.jumlah_peserta} peserta.`}
              rules={[
                { required: true, message: m.ruanganRequired },
                {
                  validator: async (_rule, value: string | null) => {
                    const room = rooms.data?.find((r) => r.id === value);
                    if (room && isRoomUnavailable(room, meeting.jumlah_peserta)) {
                      throw new Error(`${room.nama} Tidak Tersedia`);
                    }
                  },
                },
              ]}
            >
              <Select
                showSearch={{ optionFilterProp: 'name' }}
                placeholder="Pilih ruangan"
                loading={rooms.isFetching}
                options={roomOptions}
              />
            </Form.Item>
          ) : null}
          <Form.Item
            name="pengajar"
            label="Pengajar"
            extra={
              meeting.akses.ubah_pengajar ? undefined : 'Hanya pengajar utama yang dapat mengubah pengajar.'
            }
            rules={[
              {
                validator: async (_rule, value: Record<string, boolean>) => {
                  if (meeting.akses.ubah_pengajar && !Object.values(value ?? {}).some(Boolean)) {
                    throw new Error(m.pengajarRequired);
                  }
                },
              },
            ]}
          >
            <TeacherToggles meeting={meeting} disabled={!meeting.akses.ubah_pengajar} />
          </Form.Item>
        </>
      ) : (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={formatDateTimeRange(meeting.waktu_mulai, meeting.waktu_selesai, zone)}
          description={
            <>
              {meeting.sesi ? `${meeting.sesi.nama} · ` : ''}
              {meeting.ruangan ? `${meeting.ruangan.nama} · ` : ''}
              Jadwal, sesi, ruangan, dan pengajar pertemuan ini tidak dapat diubah sesuai pengaturan kampus.
            </>
          }
        />
      )}

      {meeting.akses.ubah_parameter_kehadiran && jenis !== 'offline' ? (
        <Form.Item name="parameter_kehadiran" label="Parameter Kehadiran Online">
          <ParameterChecks fixedMaterials={jenis === 'online'} />
        </Form.Item>
      ) : null}

      {scheduleEditable ? (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 12, marginBottom: 16 }}>
          <Button
            icon={<SearchOutlined />}
            onClick={() => void runCheck()}
            loading={check.isPending}
            block={isPhone}
          >
            Cek Jadwal
          </Button>
          {clash ? <ClashResult result={clash} timeZone={zone} /> : null}
        </div>
      ) : null}

      <Divider style={{ margin: '8px 0 16px' }} />
      <Space style={{ width: '100%', justifyContent: 'flex-end' }} wrap>
        <Button onClick={onClose} disabled={update.isPending}>
          Batal
        </Button>
        <Tooltip title={save.reason}>
          <Button
            type="primary"
            disabled={!save.enabled}
            loading={update.isPending}
            onClick={() => void submit()}
          >
            Simpan
          </Button>
        </Tooltip>
      </Space>
    </Form>
  );
}

/** The class's teachers with a switch each (is_pengajar); only the main teacher may switch them. */
function TeacherToggles({
  meeting,
  value,
  onChange,
  disabled,
}: {
  meeting: MeetingDetail;
  value?: Record<string, boolean>;
  onChange?: (value: Record<string, boolean>) => void;
  disabled: boolean;
}) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      {meeting.pengajar_kelas.map((t) => (
        <label key={t.id} style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
          <Switch
            size="small"
            checked={value?.[t.id] ?? t.is_pengajar}
            disabled={disabled}
            onChange={(checked) => onChange?.({ ...value, [t.id]: checked })}
          />
          <span>
            {meetingTeacherName(t)}
            {t.is_utama ? (
              <Tag color="blue" style={{ marginInlineStart: 8 }}>
                Utama
              </Tag>
            ) : null}
          </span>
        </label>
      ))}
    </div>
  );
}

/** Which activities count for online attendance; downloading materials always does for online meetings. */
function ParameterChecks({
  value,
  onChange,
  fixedMaterials,
}: {
  value?: AttendanceParameters;
  onChange?: (value: AttendanceParameters) => void;
  fixedMaterials: boolean;
}) {
  const current = value ?? {
    unduh_materi: false,
    hadir_vidcon: false,
    kerjakan_tugas: false,
    kerjakan_kuis_ujian: false,
    posting_forum: false,
  };
  return (
    <Row gutter={[16, 8]}>
      {(Object.keys(parameterLabels) as (keyof AttendanceParameters)[]).map((key) => {
        const fixed = fixedMaterials && key === 'unduh_materi';
        return (
          <Col key={key} xs={24} sm={12}>
            <Checkbox
              checked={fixed || current[key]}
              disabled={fixed}
              onChange={(event) => onChange?.({ ...current, [key]: event.target.checked })}
            >
              {parameterLabels[key]}
            </Checkbox>
          </Col>
        );
      })}
    </Row>
  );
}
