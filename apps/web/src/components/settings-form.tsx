import { useEffect, type ReactNode } from 'react';
import { Alert, Button, Form, Skeleton, type FormInstance } from 'antd';
import { fieldErrorsOf } from '../lib/api-error.ts';
import { useToasts } from './toasts.tsx';

/**
 * A Konfigurasi settings form: a skeleton while the settings load, an alert when they cannot, then the
 * form filled from them (again whenever they change), read-only without `canWrite`, with its Simpan
 * button. When `onSave` fails, the server's errors of `fieldNames` go under their fields, as typed;
 * any other failure is a notification. `valuesOf` must be a stable function (declared outside the
 * component): a new one fills the form again.
 */
export function SettingsForm<Data, Values extends object>({
  settings,
  loadFailedTitle,
  valuesOf,
  form,
  canWrite,
  saving,
  readOnlyNote = false,
  fieldNames = [],
  onSave,
  children,
}: {
  settings: { data: Data | undefined; isError: boolean };
  loadFailedTitle: string;
  valuesOf(data: Data): Partial<Values>;
  form: FormInstance<Values>;
  canWrite: boolean;
  saving: boolean;
  /** Say under the fields that they can only be seen, when the caller cannot save. */
  readOnlyNote?: boolean;
  /** The fields the server may name in its errors. */
  fieldNames?: readonly (keyof Values & string)[];
  onSave(values: Values): Promise<void>;
  children(data: Data): ReactNode;
}) {
  const { notification } = useToasts();
  const data = settings.data;
  // By name: the names are the fields of Values, which the generic setFields cannot see.
  const setErrors = (fields: { name: string; errors: string[] }[]) =>
    (form as FormInstance).setFields(fields);

  useEffect(() => {
    if (data) form.setFieldsValue(valuesOf(data) as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, data, valuesOf]);

  if (settings.isError) return <Alert type="error" showIcon title={loadFailedTitle} />;
  if (!data) return <Skeleton active paragraph={{ rows: 6 }} />;

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      disabled={!canWrite}
      style={{ maxWidth: 640 }}
      onFinish={async (values) => {
        // The server's errors of the last try go: fields without rules are not validated again.
        setErrors(fieldNames.map((name) => ({ name, errors: [] })));
        try {
          await onSave(values);
        } catch (error) {
          const known = fieldErrorsOf(error, fieldNames);
          if (known.length) {
            setErrors(known.map((f) => ({ name: f.field, errors: [f.message] })));
          } else {
            notification.error({ title: (error as Error).message, placement: 'bottom' });
          }
        }
      }}
    >
      {children(data)}
      {canWrite ? (
        <Button type="primary" htmlType="submit" loading={saving}>
          Simpan
        </Button>
      ) : readOnlyNote ? (
        <Alert type="info" showIcon title="Anda hanya dapat melihat pengaturan ini." />
      ) : null}
    </Form>
  );
}
