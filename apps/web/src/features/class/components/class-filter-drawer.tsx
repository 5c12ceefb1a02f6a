import { useState } from 'react';
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

/** The id that ties the drawer's Terapkan button (in the footer) to the form in its body. */
const formId = 'class-filter-form';

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
  // Each opening gets a new form (a new key), so it starts from the address bar without resetting a
  // live form: a reset run from an effect could land after the user's first choices and undo them.
  const [opening, setOpening] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpening((n) => n + 1);
  }

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
          <Button onClick={() => onApply({ periode: currentPeriod })}>Reset Filter</Button>
          <Button type="primary" htmlType="submit" form={formId}>
            Terapkan
          </Button>
        </div>
      }
    >
      <ClassFilterForm
        key={opening}
        values={values}
        periods={periods}
        currentPeriod={currentPeriod}
        onApply={onApply}
      />
    </Drawer>
  );
}

/** The drawer's fields, created with the address bar's values when the drawer opens. */
function ClassFilterForm({
  values,
  periods,
  currentPeriod,
  onApply,
}: {
  values: ClassFilterValues;
  periods: PeriodRef[];
  currentPeriod: number | undefined;
  onApply(values: ClassFilterValues): void;
}) {
  const [form] = Form.useForm<FormValues>();
  const [initialValues] = useState<FormValues>(() => ({ ...values, status: values.status ?? '' }));
  const [prodiMatkul, setProdiMatkul] = useState(values.id_prodi_mata_kuliah);
  const programs = useStudyPrograms();
  const courses = useCourses(prodiMatkul);

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
    <Form<FormValues>
      id={formId}
      form={form}
      layout="vertical"
      initialValues={initialValues}
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
    </Form>
  );
}
