import { Button, Col, Form, Row, Select } from 'antd';
import type { TimetableFilterOptions } from '../api/list-timetable-filters.ts';

/** The operator's filters of every class's schedule; empty strings mean "all". */
export interface TimetableFilterValues {
  periode: number | null;
  prodi: string | null;
  makul: string | null;
  ruangan: string | null;
}

/** Periode, Prodi, Mata Kuliah and Ruangan, applied as soon as they change; Reset restores the current period. */
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
        <Col xs={24} sm={12} lg={5}>
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
        <Col xs={24} sm={12} lg={5}>
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
        <Col xs={24} sm={12} lg={6}>
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
        <Col xs={24} sm={12} lg={5}>
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
        <Col xs={24} sm={24} lg={3}>
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
