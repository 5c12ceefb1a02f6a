import { useLayoutEffect, useState } from 'react';
import { Button, Drawer, Form, Select } from 'antd';
import type { ClassExecutionFilter } from '@lms/contract/class.rules';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { courseOptionLabel, useCourses } from '../../../lib/queries/list-courses.ts';
import type { PeriodRef } from '../../../lib/queries/list-periods.ts';
import { studyProgramLabel, useStudyPrograms } from '../../../lib/queries/list-study-programs.ts';
import type { ClassFilterValues } from './class-list-search-params.ts';

/** The execution-status options; Semua sends nothing (spec 2 §4). */
export const classStatusFilterOptions: { value: ClassExecutionFilter | ''; label: string }[] = [
  { value: '', label: 'Semua' },
  { value: 'belum_dimulai', label: 'Belum Dimulai' },
  { value: 'berlangsung', label: 'Sedang Berlangsung' },
  { value: 'selesai', label: 'Telah Berakhir' },
];

interface FormValues {
  periode?: number;
  id_prodi_mata_kuliah?: string;
  id_prodi_kelas?: string;
  id_mata_kuliah?: string;
  status: ClassExecutionFilter | '';
}

/**
 * The class list's side filter: period, Prodi Matkul, Prodi Kelas, course ('kode(id) - nama', narrowed to
 * the chosen Prodi Matkul) and status with Semua. Terapkan copies the fields into the address bar;
 * Reset Filter clears them and restores the current period (spec 1 §5). Every opening starts from the
 * address bar: choices that were not applied are dropped.
 */
export function ClassFilterDrawer({
  open,
  values,
  periods,
  currentPeriod,
  onApply,
  onClose,
}: {
  open: boolean;
  values: ClassFilterValues;
  periods: PeriodRef[];
  currentPeriod: number | undefined;
  onApply(values: ClassFilterValues): void;
  onClose(): void;
}) {
  const isPhone = useIsPhone();
  const [form] = Form.useForm<FormValues>();
  const [prodiMatkul, setProdiMatkul] = useState(values.id_prodi_mata_kuliah);
  const programs = useStudyPrograms(open);
  const courses = useCourses(prodiMatkul, open);

  const programOptions = (programs.data ?? []).map((p) => ({ value: p.id, label: studyProgramLabel(p) }));
  const apply = (v: FormValues) => {
    onApply({
      periode: v.periode ?? currentPeriod,
      id_prodi_mata_kuliah: v.id_prodi_mata_kuliah || undefined,
      id_prodi_kelas: v.id_prodi_kelas || undefined,
      id_mata_kuliah: v.id_mata_kuliah || undefined,
      status: v.status || undefined,
    });
  };

  return (
    <Drawer
      open={open}
      title="Filter Kelas"
      placement="right"
      size={isPhone ? '90%' : 380}
      onClose={onClose}
      destroyOnHidden
      footer={
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          <Button
            onClick={() => {
              setProdiMatkul(undefined);
              onApply({ periode: currentPeriod });
            }}
          >
            Reset Filter
          </Button>
          <Button type="primary" onClick={() => form.submit()}>
            Terapkan
          </Button>
        </div>
      }
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{ ...values, status: values.status ?? '' }}
        onFinish={apply}
        onValuesChange={(changed: Partial<FormValues>) => {
          if ('id_prodi_mata_kuliah' in changed) {
            setProdiMatkul(changed.id_prodi_mata_kuliah || undefined);
            form.setFieldValue('id_mata_kuliah', undefined);
          }
        }}
      >
        <Form.Item name="periode" label="Periode">
          <Select
            placeholder="Pilih periode"
            options={periods.map((p) => ({ value: p.kode, label: p.label }))}
          />
        </Form.Item>
        <Form.Item name="id_prodi_mata_kuliah" label="Prodi Matkul">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Semua prodi"
            loading={programs.isLoading}
            options={programOptions}
          />
        </Form.Item>
        <Form.Item name="id_prodi_kelas" label="Prodi Kelas">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Semua prodi"
            loading={programs.isLoading}
            options={programOptions}
          />
        </Form.Item>
        <Form.Item name="id_mata_kuliah" label="Mata Kuliah">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Semua mata kuliah"
            loading={courses.isLoading}
            options={(courses.data ?? []).map((c) => ({ value: c.id, label: courseOptionLabel(c) }))}
          />
        </Form.Item>
        <Form.Item name="status" label="Status">
          <Select options={classStatusFilterOptions} />
        </Form.Item>
        <ResetOnOpen
          open={open}
          onOpen={() => {
            form.resetFields();
            setProdiMatkul(values.id_prodi_mata_kuliah);
          }}
        />
      </Form>
    </Drawer>
  );
}

/**
 * Runs `onOpen` each time the drawer opens, so every opening starts from the address bar. The form
 * instance outlives the drawer's content, and a remounted Form merges its initialValues *under* the
 * values left in that instance: without this an opening showed, and Terapkan re-applied, the previous
 * opening's unapplied choices. It sits inside the Form, after the fields, so the form is connected and
 * its fields registered when it runs, and it runs before the drawer can be used (the course list's
 * program used to be synced in afterOpenChange, i.e. when the opening animation ended, which undid a
 * quick first choice of Prodi Matkul).
 */
function ResetOnOpen({ open, onOpen }: { open: boolean; onOpen(): void }) {
  useLayoutEffect(() => {
    if (open) onOpen();
    // Only when opening: onOpen is a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  return null;
}
