import { useState, type ReactNode } from 'react';
import { DownloadOutlined, DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Col, DatePicker, Input, InputNumber, Row, Select, Typography } from 'antd';
import type dayjs from 'dayjs';
import { logFileKinds, validationFilterLabels } from '@lms/contract/activity-log.rules';
import { lectureModeLabels, lectureModeValues } from '@lms/contract/class.rules';
import { uploadFileKindLabels } from '@lms/contract/college-settings.rules';
import {
  meetingCategoryLabels,
  meetingCategoryValues,
  meetingStatusLabels,
  meetingStatusValues,
} from '@lms/contract/meeting.rules';
import { canReadArea } from '@lms/contract/permission.rules';
import { formatPeriodLabel } from '@lms/contract/period.rules';
import { roleLabels } from '@lms/contract/role.rules';
import { SearchSelect, type SearchSelectOption } from '../../../components/search-select.tsx';
import { fromPickerValue, pickerFormat, toPickerValue } from '../../../lib/date.ts';
import { useActivityKinds } from '../../../lib/queries/get-activity-kinds.ts';
import { useCurrentUser } from '../../../lib/queries/get-current-user.ts';
import { useLecturerDirectory } from '../../../lib/queries/list-lecturer-directory.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useLogFilterClasses } from '../api/list-log-filter-classes.ts';
import { useLogFilterMeetings } from '../api/list-log-filter-meetings.ts';
import { studyProgramLabel, useStudyPrograms } from '../../../lib/queries/list-study-programs.ts';
import { useStudentDirectory } from '../api/list-student-directory.ts';
import {
  activityLogFilterKeys,
  sizeFilterFromMb,
  sizeFilterToMb,
  type ActivityLogFilterKey,
  type ActivityLogFilters,
} from './activity-log-search-params.ts';

/**
 * Filters folded away on phones until "Filter Lainnya" (their count shows on the button): all but the
 * period, kind and search that stay in view (the time range counts once, by its start).
 */
const alwaysShownKeys = new Set<ActivityLogFilterKey>(['periode', 'jenis', 'search', 'waktu_selesai']);
const moreFilterKeys = activityLogFilterKeys.filter((key) => !alwaysShownKeys.has(key));

/** Options of a select whose empty value means every value ('Semua …'). */
function withAll(allLabel: string, labels: Record<string, string>, values?: readonly string[]) {
  return [
    { value: '', label: allLabel },
    ...(values ?? Object.keys(labels)).map((value) => ({ value, label: labels[value]! })),
  ];
}

const modeOptions = withAll('Semua Mode', lectureModeLabels, lectureModeValues);
const typeOptions = withAll('Semua Kategori', meetingCategoryLabels, meetingCategoryValues);
const statusOptions = withAll('Semua Status', meetingStatusLabels, meetingStatusValues);
const validationOptions = withAll('Semua', validationFilterLabels, ['true', 'false']);
const fileKindOptions = withAll('Semua Jenis File', uploadFileKindLabels, logFileKinds);

/** Period codes from the current one back `count` terms (Ganjil and Genap only). */
export function recentPeriods(current: number, count = 6): number[] {
  const codes: number[] = [];
  let year = Math.floor(current / 10);
  let term = current % 10 >= 3 ? (current % 10) - 2 : current % 10;
  for (let i = 0; i < count; i++) {
    codes.push(year * 10 + term);
    if (term === 2) term = 1;
    else {
      term = 2;
      year -= 1;
    }
  }
  return codes;
}

// Option sources of the search selects: module-level hooks so every render calls the same ones.
function useClassOptions(search: string, periode: string | undefined) {
  const canReadClasses = canReadArea(useCurrentUser().permissions, 'kelas_kuliah');
  return useLogFilterClasses(search, periode, canReadClasses);
}
function useLecturerOptions(search: string) {
  const result = useLecturerDirectory(search);
  return {
    data: result.data?.map((d) => ({ value: d.nidn, label: `${d.nama} (${d.nidn})` })),
    isFetching: result.isFetching,
  };
}
function useStudentOptions(search: string) {
  const result = useStudentDirectory(search);
  return {
    data: result.data?.map((s) => ({ value: s.nim, label: `${s.nim} - ${s.nama}` })),
    isFetching: result.isFetching,
  };
}

/** One labelled cell of the filter grid; labels keep ten inputs readable once a value hides the placeholder. */
function Field({
  label,
  wide,
  hidden,
  children,
}: {
  label: string;
  wide?: boolean;
  hidden?: boolean;
  children: ReactNode;
}) {
  if (hidden) return null;
  return (
    <Col xs={24} sm={wide ? 24 : 12} lg={wide ? 16 : 8} xl={wide ? 12 : 6}>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginBottom: 2 }}>
        {label}
      </Typography.Text>
      {children}
    </Col>
  );
}

/**
 * The filter panel of Log Aktivitas: period, kind, role, name, study program, class, meeting (of the
 * chosen class), the meeting's mode, type and status, validation, file kind and size, lecturer,
 * participant and time range. Changes stay a draft until Terapkan.
 */
export function ActivityLogFilterPanel({
  draft,
  onDraftChange,
  currentPeriod,
  timeZone,
  onApply,
  onReset,
  onExport,
  exporting,
}: {
  draft: ActivityLogFilters;
  onDraftChange: (draft: ActivityLogFilters) => void;
  currentPeriod: number | undefined;
  timeZone: string;
  onApply: () => void;
  onReset: () => void;
  onExport: () => void;
  exporting: boolean;
}) {
  const kinds = useActivityKinds().data ?? [];
  const permissions = useCurrentUser().permissions;
  const canReadClasses = canReadArea(permissions, 'kelas_kuliah');
  const programs = useStudyPrograms();
  const meetings = useLogFilterMeetings(canReadClasses ? draft.id_kelas : undefined);
  const set = (patch: ActivityLogFilters) => onDraftChange({ ...draft, ...patch });
  const full = { width: '100%' };
  // On phones ten inputs would push the log off the screen: the first three show, the rest on demand.
  const isPhone = useIsPhone();
  const [expanded, setExpanded] = useState(false);
  const folded = isPhone && !expanded;
  const more = moreFilterKeys.filter((key) => draft[key]).length;

  const periodOptions = [
    { value: '', label: 'Semua Periode' },
    ...(currentPeriod ? recentPeriods(currentPeriod) : []).map((code) => ({
      value: String(code),
      label: formatPeriodLabel(code),
    })),
  ];
  const range: [dayjs.Dayjs | null, dayjs.Dayjs | null] = [
    draft.waktu_mulai ? toPickerValue(draft.waktu_mulai, timeZone) : null,
    draft.waktu_selesai ? toPickerValue(draft.waktu_selesai, timeZone) : null,
  ];
  const meetingOptions: SearchSelectOption[] = meetings.data ?? [];

  return (
    <div style={{ marginBottom: 12 }}>
      <Row gutter={[12, 10]}>
        <Field label="Periode">
          <Select
            aria-label="Periode"
            style={full}
            value={draft.periode ?? ''}
            // Classes and their meetings belong to a period: another period clears them.
            onChange={(value) => set({ periode: value, id_kelas: undefined, id_pertemuan: undefined })}
            options={periodOptions}
          />
        </Field>
        <Field label="Jenis Aktivitas">
          <Select
            aria-label="Jenis Aktivitas"
            showSearch={{ optionFilterProp: 'label' }}
            style={full}
            value={draft.jenis ?? ''}
            onChange={(value) => set({ jenis: value })}
            options={[{ value: '', label: 'Semua Jenis Aktivitas' }, ...kinds]}
          />
        </Field>
        <Field label="Peran" hidden={folded}>
          <Select
            aria-label="Peran"
            style={full}
            value={draft.role ?? ''}
            onChange={(value) => set({ role: value })}
            options={[
              { value: '', label: 'Semua Peran' },
              ...(['mahasiswa', 'dosen', 'operator'] as const).map((role) => ({
                value: role,
                label: roleLabels[role],
              })),
            ]}
          />
        </Field>
        <Field label="Pengguna">
          <Input
            aria-label="Cari pengguna"
            placeholder="Cari nama atau username"
            allowClear
            value={draft.search ?? ''}
            onChange={(e) => set({ search: e.target.value })}
            onPressEnter={onApply}
          />
        </Field>
        <Field label="Prodi" hidden={folded}>
          <Select
            aria-label="Prodi"
            placeholder="Semua Prodi"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={full}
            loading={programs.isLoading}
            value={draft.id_prodi}
            onChange={(value) => set({ id_prodi: value || undefined })}
            options={(programs.data ?? []).map((p) => ({ value: p.id, label: studyProgramLabel(p) }))}
          />
        </Field>
        {canReadClasses ? (
          <>
            <Field label="Kelas" hidden={folded}>
              <SearchSelect
                ariaLabel="Kelas"
                placeholder="Semua Kelas"
                style={full}
                value={draft.id_kelas}
                scope={draft.periode}
                useOptions={useClassOptions}
                onChange={(value) => set({ id_kelas: value, id_pertemuan: undefined })}
              />
            </Field>
            <Field label="Pertemuan" hidden={folded}>
              <Select
                aria-label="Pertemuan"
                placeholder={draft.id_kelas ? 'Semua Pertemuan' : 'Pilih kelas dahulu'}
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                style={full}
                disabled={!draft.id_kelas}
                loading={meetings.isLoading && !!draft.id_kelas}
                value={draft.id_pertemuan}
                onChange={(value) => set({ id_pertemuan: value || undefined })}
                options={meetingOptions}
              />
            </Field>
          </>
        ) : null}
        <Field label="Mode Pertemuan" hidden={folded}>
          <Select
            aria-label="Mode Pertemuan"
            style={full}
            value={draft.mode ?? ''}
            onChange={(value) => set({ mode: value || undefined })}
            options={modeOptions}
          />
        </Field>
        <Field label="Kategori Pertemuan" hidden={folded}>
          <Select
            aria-label="Kategori Pertemuan"
            style={full}
            value={draft.type ?? ''}
            onChange={(value) => set({ type: value || undefined })}
            options={typeOptions}
          />
        </Field>
        <Field label="Status Pertemuan" hidden={folded}>
          <Select
            aria-label="Status Pertemuan"
            style={full}
            value={draft.status ?? ''}
            onChange={(value) => set({ status: value || undefined })}
            options={statusOptions}
          />
        </Field>
        <Field label="Validasi" hidden={folded}>
          <Select
            aria-label="Validasi"
            style={full}
            value={draft.is_valid ?? ''}
            onChange={(value) => set({ is_valid: value || undefined })}
            options={validationOptions}
          />
        </Field>
        <Field label="Jenis File" hidden={folded}>
          <Select
            aria-label="Jenis File"
            showSearch={{ optionFilterProp: 'label' }}
            style={full}
            value={draft.kind ?? ''}
            onChange={(value) => set({ kind: value || undefined })}
            options={fileKindOptions}
          />
        </Field>
        <Field label="Ukuran File Minimal" hidden={folded}>
          <InputNumber<number>
            aria-label="Ukuran File Minimal (MB)"
            placeholder="Semua ukuran"
            min={0}
            step={0.5}
            style={full}
            suffix="MB"
            value={sizeFilterToMb(draft.size_gte) ?? null}
            onChange={(value) => set({ size_gte: sizeFilterFromMb(value) })}
            onPressEnter={onApply}
          />
        </Field>
        <Field label="Dosen" hidden={folded}>
          <SearchSelect
            ariaLabel="Dosen"
            placeholder="Semua Dosen"
            style={full}
            value={draft.nidn}
            useOptions={useLecturerOptions}
            onChange={(value) => set({ nidn: value })}
          />
        </Field>
        <Field label="Peserta" hidden={folded}>
          <SearchSelect
            ariaLabel="Peserta"
            placeholder="Semua Peserta"
            style={full}
            value={draft.nim}
            useOptions={useStudentOptions}
            onChange={(value) => set({ nim: value })}
          />
        </Field>
        <Field label="Rentang Waktu" wide hidden={folded}>
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format={pickerFormat}
            placeholder={['Waktu mulai', 'Waktu selesai']}
            style={full}
            value={range}
            onChange={(value) =>
              set({
                waktu_mulai: value?.[0] ? fromPickerValue(value[0], timeZone) : undefined,
                waktu_selesai: value?.[1] ? fromPickerValue(value[1], timeZone) : undefined,
              })
            }
          />
        </Field>
      </Row>
      {isPhone ? (
        <Button
          type="link"
          icon={expanded ? <UpOutlined /> : <DownOutlined />}
          aria-expanded={expanded}
          style={{ paddingInline: 0, marginTop: 4 }}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'Sembunyikan Filter' : `Filter Lainnya${more ? ` (${more})` : ''}`}
        </Button>
      ) : null}
      {/* Phones: Reset and Terapkan side by side, the export below at full width. */}
      <div
        style={
          isPhone
            ? { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8, marginTop: 8 }
            : { display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 12, justifyContent: 'flex-end' }
        }
      >
        <Button onClick={onReset}>Reset Filter</Button>
        <Button type="primary" onClick={onApply}>
          Terapkan
        </Button>
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          onClick={onExport}
          style={isPhone ? { gridColumn: '1 / -1' } : undefined}
        >
          Ekspor Excel
        </Button>
      </div>
    </div>
  );
}
