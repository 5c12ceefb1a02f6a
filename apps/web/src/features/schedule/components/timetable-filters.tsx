import { Button, Col, Form, Row, Select } from 'antd';
import { SearchSelect } from '../../../components/search-select.tsx';
import { useLecturerDirectory } from '../../../lib/queries/list-lecturer-directory.ts';
import type { TimetableFilterOptions } from '../api/list-timetable-filters.ts';

/** The operator's filters of every class's schedule; empty strings mean "all". */
export interface TimetableFilterValues {
  periode: number | null;
  prodi: string | null;
  makul: string | null;
  ruangan: string | null;
  /** A lecturer's user id: their ticked meetings only. */
  dosen: string | null;
}

/** Lecturer options by name or nidn, valued by id (what id_dosen takes). */
function useLecturerOptions(search: string) {
  const result = useLecturerDirectory(search);
  return {
    data: result.data?.map((d) => ({ value: d.id, label: `${d.nama} (${d.nidn})` })),
    isFetching: result.isFetching,
  };
}

/** Periode, Prodi, Mata Kuliah, Ruangan and Dosen, applied as soon as they change; Reset restores the current period. */
export function TimetableFilters({
  options,
  loading,
  values,
  onChange,
  onReset,
}: {
  options: TimetableFilterOptions | undefined;
  loading: boolean;
  values: TimetableFilterValues;
  onChange: (values: TimetableFilterValues) => void;
  onReset: () => void;
}) {
  const courses = (options?.courses ?? []).filter((c) => !values.prodi || c.id_prodi === values.prodi);
  const set = (patch: Partial<TimetableFilterValues>) => onChange({ ...values, ...patch });
  return (
    <Form layout="vertical" component="div">
      <Row gutter={[12, 0]} align="bottom">
        <Col xs={24} sm={12} lg={8} xxl={4}>
          <Form.Item label="Periode" style={{ marginBottom: 12 }}>
            <Select
              loading={loading}
              aria-label="Periode"
              value={values.periode}
              placeholder="Semua periode"
              allowClear
              onChange={(periode) => set({ periode: periode ?? null })}
              options={(options?.periods ?? []).map((p) => ({ value: p.kode, label: p.label }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={8} xxl={4}>
          <Form.Item label="Prodi" style={{ marginBottom: 12 }}>
            <Select
              loading={loading}
              aria-label="Prodi"
              value={values.prodi}
              placeholder="Semua prodi"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              onChange={(prodi) => set({ prodi: prodi ?? null, makul: null })}
              options={(options?.programs ?? []).map((p) => ({
                value: p.id,
                label: `${p.jenjang} ${p.nama}`,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={8} xxl={5}>
          <Form.Item label="Mata Kuliah" style={{ marginBottom: 12 }}>
            <Select
              loading={loading}
              aria-label="Mata Kuliah"
              value={values.makul}
              placeholder="Semua mata kuliah"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              onChange={(makul) => set({ makul: makul ?? null })}
              options={courses.map((c) => ({ value: c.id, label: `${c.kode} - ${c.nama}` }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={8} xxl={4}>
          <Form.Item label="Ruangan" style={{ marginBottom: 12 }}>
            <Select
              loading={loading}
              aria-label="Ruangan"
              value={values.ruangan}
              placeholder="Semua ruangan"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              onChange={(ruangan) => set({ ruangan: ruangan ?? null })}
              options={(options?.rooms ?? []).map((r) => ({ value: r.id, label: r.nama }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={8} xxl={5}>
          <Form.Item label="Dosen" style={{ marginBottom: 12 }}>
            <SearchSelect
              ariaLabel="Dosen"
              placeholder="Semua dosen"
              style={{ width: '100%' }}
              value={values.dosen ?? undefined}
              useOptions={useLecturerOptions}
              onChange={(dosen) => set({ dosen: dosen ?? null })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={8} xxl={2}>
          <Form.Item style={{ marginBottom: 12 }}>
            <Button block onClick={onReset}>
              Reset Filter
            </Button>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
