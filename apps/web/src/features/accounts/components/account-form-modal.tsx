import { useEffect, type ReactNode } from 'react';
import { Form, Input, InputNumber, Select } from 'antd';
import { studentStatuses } from '@lms/contract/account.rules';
import type { Account, AccountCreateInput, AccountUpdateInput } from '@lms/contract/account.schema';
import { minPasswordLength } from '@lms/contract/college-settings.rules';
import { roleLabels, type Role } from '@lms/contract/role.rules';
import { FormModal } from '../../../components/form-modal.tsx';
import { useToasts } from '../../../components/toasts.tsx';
import { fieldErrorsOf } from '../../../lib/api-error.ts';
import { studyProgramLabel, useStudyPrograms } from '../../../lib/queries/list-study-programs.ts';
import { useCreateAccount, useUpdateAccount } from '../api/accounts.ts';

interface FormValues {
  role: Role;
  nama: string;
  username?: string;
  email?: string;
  telepon?: string;
  password?: string;
  nim?: string;
  prodi_id?: string;
  angkatan?: number;
  status?: (typeof studentStatuses)[number];
  nidn?: string;
  gelar_depan?: string;
  gelar_akademik?: string;
  jabatan?: string;
}

const formFields = new Set<string>([
  'role',
  'nama',
  'username',
  'email',
  'telepon',
  'password',
  'nim',
  'prodi_id',
  'angkatan',
  'status',
  'nidn',
  'gelar_depan',
  'gelar_akademik',
  'jabatan',
]);

/** The form's values of an account (editing) or of a new one of the first role the caller may add. */
function initialValues(account: Account | null, role: Role): FormValues {
  if (!account) return { role, nama: '', angkatan: new Date().getFullYear(), status: 'Aktif' };
  return {
    role: account.role,
    nama: account.nama,
    username: account.username,
    email: account.email ?? '',
    telepon: account.telepon ?? '',
    nim: account.nim ?? undefined,
    prodi_id: account.prodi?.id,
    angkatan: account.angkatan ?? undefined,
    status: (account.status_mahasiswa as FormValues['status']) ?? undefined,
    nidn: account.nidn ?? undefined,
    gelar_depan: account.gelar_depan ?? '',
    gelar_akademik: account.gelar_akademik ?? '',
    jabatan: account.jabatan ?? '',
  };
}

/** The body the role takes: a student's username is the NIM; lecturers have their record's fields. */
function bodyOf(values: FormValues) {
  const common = { nama: values.nama, email: values.email ?? '', telepon: values.telepon ?? '' };
  if (values.role === 'mahasiswa') {
    return {
      ...common,
      nim: values.nim ?? '',
      prodi_id: values.prodi_id ?? '',
      angkatan: values.angkatan ?? 0,
      status: values.status ?? 'Aktif',
    };
  }
  if (values.role === 'dosen') {
    return {
      ...common,
      username: values.username ?? '',
      nidn: values.nidn ?? '',
      gelar_depan: values.gelar_depan ?? '',
      gelar_akademik: values.gelar_akademik ?? '',
      jabatan: values.jabatan ?? '',
      prodi_id: values.prodi_id ?? '',
    };
  }
  return { ...common, username: values.username ?? '' };
}

const half = { flex: '1 1 220px' };

/** Fields side by side that wrap on a narrow screen. */
function FieldRow({ children }: { children: ReactNode }) {
  return <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>{children}</div>;
}

/**
 * Tambah / Ubah Pengguna: the fields of the account's role (students: NIM, program, intake year and
 * status; lecturers: username, NIDN, titles, position, program; operators: username), contact, and on
 * creation the first password. The server's field errors (a taken username, NIM or NIDN) show under
 * their fields.
 */
export function AccountFormModal({
  open,
  account,
  creatableRoles,
  onClose,
}: {
  open: boolean;
  /** Null: a new account. */
  account: Account | null;
  creatableRoles: readonly Role[];
  onClose(): void;
}) {
  const [form] = Form.useForm<FormValues>();
  const { message } = useToasts();
  const create = useCreateAccount();
  const update = useUpdateAccount();
  const programs = useStudyPrograms(open);
  const role = Form.useWatch('role', form) ?? account?.role ?? creatableRoles[0];

  useEffect(() => {
    if (open) form.setFieldsValue(initialValues(account, creatableRoles[0] ?? 'dosen'));
  }, [open, account, creatableRoles, form]);

  const submit = async (values: FormValues) => {
    try {
      if (account) {
        await update.mutateAsync({ id: account.id, input: bodyOf(values) as AccountUpdateInput });
        void message.success('Data pengguna berhasil disimpan.');
      } else {
        const input = { ...bodyOf(values), role: values.role, password: values.password ?? '' };
        await create.mutateAsync(input as AccountCreateInput);
        void message.success('Pengguna berhasil ditambahkan.');
      }
      onClose();
    } catch (error) {
      const known = fieldErrorsOf(error, formFields);
      if (known.length) {
        form.setFields(known.map((f) => ({ name: f.field as keyof FormValues, errors: [f.message] })));
      } else {
        void message.error((error as Error).message);
      }
    }
  };

  const programOptions = (programs.data ?? []).map((p) => ({ value: p.id, label: studyProgramLabel(p) }));
  /** A student's program is required; a lecturer's may be left empty. */
  const programField = (required: boolean) => (
    <Form.Item
      name="prodi_id"
      label="Program Studi"
      style={half}
      rules={required ? [{ required: true, message: 'Program studi wajib dipilih.' }] : undefined}
    >
      <Select
        allowClear={!required}
        showSearch
        optionFilterProp="label"
        options={programOptions}
        loading={programs.isPending}
        placeholder="Pilih program studi"
      />
    </Form.Item>
  );

  return (
    <FormModal
      open={open}
      title={account ? 'Ubah Pengguna' : 'Tambah Pengguna'}
      form={form}
      saving={create.isPending || update.isPending}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" onFinish={submit} name="akun">
        <Form.Item name="role" label="Peran" rules={[{ required: true, message: 'Peran wajib dipilih.' }]}>
          <Select
            disabled={!!account}
            options={(account ? [account.role] : creatableRoles).map((r) => ({
              value: r,
              label: roleLabels[r],
            }))}
          />
        </Form.Item>
        <Form.Item
          name="nama"
          label="Nama Lengkap"
          rules={[{ required: true, whitespace: true, message: 'Nama wajib diisi.' }]}
        >
          <Input maxLength={200} autoComplete="off" />
        </Form.Item>
        {role === 'mahasiswa' ? (
          <>
            <FieldRow>
              <Form.Item
                name="nim"
                label="NIM"
                extra="NIM juga menjadi username untuk masuk."
                style={half}
                rules={[{ required: true, whitespace: true, message: 'NIM wajib diisi.' }]}
              >
                <Input maxLength={30} autoComplete="off" />
              </Form.Item>
              <Form.Item
                name="angkatan"
                label="Angkatan"
                style={{ width: 140 }}
                rules={[{ required: true, message: 'Angkatan wajib diisi.' }]}
              >
                <InputNumber min={1950} max={2100} style={{ width: '100%' }} />
              </Form.Item>
            </FieldRow>
            <FieldRow>
              {programField(true)}
              <Form.Item name="status" label="Status Mahasiswa" style={{ width: 180 }}>
                <Select options={studentStatuses.map((s) => ({ value: s, label: s }))} />
              </Form.Item>
            </FieldRow>
          </>
        ) : (
          <Form.Item
            name="username"
            label="Username"
            rules={[{ required: true, whitespace: true, message: 'Username wajib diisi.' }]}
          >
            <Input maxLength={64} autoComplete="off" />
          </Form.Item>
        )}
        {role === 'dosen' ? (
          <>
            <FieldRow>
              <Form.Item
                name="nidn"
                label="NIDN"
                style={half}
                rules={[{ required: true, whitespace: true, message: 'NIDN wajib diisi.' }]}
              >
                <Input maxLength={30} autoComplete="off" />
              </Form.Item>
              {programField(false)}
            </FieldRow>
            <FieldRow>
              <Form.Item name="gelar_depan" label="Gelar Depan" style={half}>
                <Input maxLength={50} placeholder="Misalnya Dr." />
              </Form.Item>
              <Form.Item name="gelar_akademik" label="Gelar Akademik" style={half}>
                <Input maxLength={100} placeholder="Misalnya M.Kom." />
              </Form.Item>
            </FieldRow>
            <Form.Item name="jabatan" label="Jabatan">
              <Input maxLength={100} />
            </Form.Item>
          </>
        ) : null}
        <FieldRow>
          <Form.Item
            name="email"
            label="Email"
            style={half}
            rules={[{ type: 'email', message: 'Format email tidak valid.' }]}
          >
            <Input maxLength={200} inputMode="email" autoComplete="off" />
          </Form.Item>
          <Form.Item name="telepon" label="Telepon" style={half}>
            <Input maxLength={20} inputMode="tel" autoComplete="off" />
          </Form.Item>
        </FieldRow>
        {account ? null : (
          <Form.Item
            name="password"
            label="Password Awal"
            extra="Sampaikan password ini kepada pengguna; ia dapat menggantinya di halaman Pengaturan."
            rules={[
              { required: true, message: 'Password wajib diisi.' },
              { min: minPasswordLength, message: `Password minimal ${minPasswordLength} karakter.` },
            ]}
          >
            <Input.Password maxLength={200} autoComplete="new-password" />
          </Form.Item>
        )}
      </Form>
    </FormModal>
  );
}
