import { useState } from 'react';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, DatePicker, Select } from 'antd';
import dayjs from 'dayjs';
import { meetingStatusLabels, meetingStatusValues, type MeetingStatus } from '@lms/contract/meeting.rules';
import { SearchBox } from '../../../components/search-box.tsx';
import { SearchSelect } from '../../../components/search-select.tsx';
import { useLecturerDirectory } from '../../../lib/queries/list-lecturer-directory.ts';
import type { PeriodRef } from '../../../lib/queries/list-periods.ts';
import { studyProgramLabel, useStudyPrograms } from '../../../lib/queries/list-study-programs.ts';
import { useClassOptions } from '../api/list-class-options.ts';
import type { AttendanceListParams } from '../api/list-attendance.ts';

/** The filters of the list besides period, status and search: folded away on phones. */
const moreKeys = ['id_prodi', 'id_kelas_kuliah', 'id_dosen', 'tanggal_mulai', 'tanggal_selesai'] as const;

function useLecturerOptions(search: string) {
  const result = useLecturerDirectory(search);
  return {
    data: result.data?.map((d) => ({ value: d.id, label: `${d.nama} (${d.nidn})` })),
    isFetching: result.isFetching,
  };
}

const dayFormat = 'DD/MM/YYYY';

/**
 * Filters of the attendance list: period, meeting status, search, and the study program of the course,
 * the class, the lecturer (operators) and the meetings' dates. Each change goes to the address bar at once.
 */
export function AttendanceListFilters({
  params,
  periods,
  showLecturer,
  isPhone,
  onChange,
}: {
  params: AttendanceListParams;
  periods: PeriodRef[];
  showLecturer: boolean;
  isPhone: boolean;
  onChange: (next: Partial<AttendanceListParams>) => void;
}) {
  const programs = useStudyPrograms();
  const moreCount = moreKeys.filter((key) => params[key] !== undefined).length;
  const [open, setOpen] = useState(moreCount > 0);
  const width = (desktop: number) => (isPhone ? '100%' : desktop);
  const showMore = !isPhone || open;
  const range: [dayjs.Dayjs | null, dayjs.Dayjs | null] = [
    params.tanggal_mulai ? dayjs(params.tanggal_mulai) : null,
    params.tanggal_selesai ? dayjs(params.tanggal_selesai) : null,
  ];
  return (
    <div
      style={{ display: 'flex', flexWrap: 'wrap', gap: 8, flexDirection: isPhone ? 'column' : 'row' }}
      data-testid="attendance-filters"
    >
      <Select
        aria-label="Periode"
        style={{ width: width(230) }}
        value={params.periode}
        placeholder="Periode"
        options={periods.map((p) => ({ value: p.kode, label: `Periode ${p.label}` }))}
        onChange={(periode: number) => onChange({ periode, id_kelas_kuliah: undefined })}
      />
      <Select
        aria-label="Status pertemuan"
        style={{ width: width(180) }}
        value={params.status ?? 'semua'}
        options={[
          { value: 'semua', label: 'Semua Status' },
          ...meetingStatusValues.map((s) => ({ value: s, label: meetingStatusLabels[s] })),
        ]}
        onChange={(value: string) =>
          onChange({ status: value === 'semua' ? undefined : (value as MeetingStatus) })
        }
      />
      <SearchBox
        placeholder="Cari judul pertemuan atau mata kuliah"
        value={params.search ?? ''}
        onSearch={(value) => onChange({ search: value || undefined })}
        style={{ width: width(280) }}
      />
      {isPhone ? (
        <Button
          type="link"
          icon={open ? <UpOutlined /> : <DownOutlined />}
          aria-expanded={open}
          style={{ paddingInline: 0, alignSelf: 'flex-start' }}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Sembunyikan Filter' : `Filter Lainnya${moreCount ? ` (${moreCount})` : ''}`}
        </Button>
      ) : null}
      {showMore ? (
        <>
          <Select
            aria-label="Prodi"
            placeholder="Semua Prodi"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: width(200) }}
            loading={programs.isLoading}
            value={params.id_prodi}
            onChange={(value?: string) => onChange({ id_prodi: value || undefined })}
            options={(programs.data ?? []).map((p) => ({ value: p.id, label: studyProgramLabel(p) }))}
          />
          <SearchSelect
            ariaLabel="Kelas"
            placeholder="Semua Kelas"
            style={{ width: width(260) }}
            value={params.id_kelas_kuliah}
            scope={params.periode !== undefined ? String(params.periode) : undefined}
            useOptions={useClassOptions}
            onChange={(value) => onChange({ id_kelas_kuliah: value })}
          />
          {showLecturer ? (
            <SearchSelect
              ariaLabel="Dosen"
              placeholder="Semua Dosen"
              style={{ width: width(220) }}
              value={params.id_dosen}
              useOptions={useLecturerOptions}
              onChange={(value) => onChange({ id_dosen: value })}
            />
          ) : null}
          <DatePicker.RangePicker
            aria-label="Tanggal pertemuan"
            format={dayFormat}
            placeholder={['Dari tanggal', 'Sampai tanggal']}
            allowEmpty={[true, true]}
            style={{ width: width(300) }}
            value={range}
            onChange={(value) =>
              onChange({
                tanggal_mulai: value?.[0]?.format('YYYY-MM-DD'),
                tanggal_selesai: value?.[1]?.format('YYYY-MM-DD'),
              })
            }
          />
        </>
      ) : null}
    </div>
  );
}
