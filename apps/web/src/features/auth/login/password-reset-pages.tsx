import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { readCollegeConfiguration } from '../api/read-college.ts';
import { requestPasswordReset, resetPassword } from '../api/password-reset.ts';
import { rememberedCollegeName } from '../../../lib/college.ts';
import { LoginInput } from './login-form.tsx';
import { signInErrorMessage } from './login-form-rules.ts';
import { LoginIcon } from './login-icons.tsx';
import {
  readResetToken,
  validateNewPassword,
  type NewPasswordErrors,
  type NewPasswordValues,
} from './password-reset-rules.ts';

/**
 * The college's configuration, asked for once: its name for the card, and its id, which every call
 * of these pages sends (a reset link may open in a browser that never saw the sign-in page).
 */
function useCollege() {
  const configuration = useRef<Promise<unknown> | null>(null);
  const [name, setName] = useState(rememberedCollegeName());
  useEffect(() => {
    configuration.current ??= readCollegeConfiguration().then(
      (answer) => setName(answer.nama),
      () => undefined,
    );
  }, []);
  return { name, ready: () => configuration.current ?? Promise.resolve() };
}

/** The sign-in page's card with the college's name, for the forgotten-password pages. */
function ResetCard({
  collegeName,
  title,
  lead,
  children,
  backLink = true,
}: {
  collegeName: string | null;
  title: string;
  lead: string;
  children: ReactNode;
  /** The link back to sign-in; off where the card's own button already goes there. */
  backLink?: boolean;
}) {
  return (
    <main className="login-page">
      <section className="login-card" aria-labelledby="reset-title">
        <header className="login-brand">
          <span className="login-logo-placeholder" aria-hidden>
            <LoginIcon name="lock" />
          </span>
          <div>
            <div className="login-app-name">LMS Mahasiswa</div>
            <div className="login-college-name">{collegeName ?? 'Learning Management System'}</div>
          </div>
        </header>
        <h1 id="reset-title" className="login-title">
          {title}
        </h1>
        <p className="login-lead">{lead}</p>
        {children}
        {backLink ? (
          <p className="login-links">
            <a href="/login">Kembali ke halaman masuk</a>
          </p>
        ) : null}
      </section>
    </main>
  );
}

function Alert({ kind, children }: { kind: 'error' | 'success'; children: ReactNode }) {
  return (
    <div role={kind === 'error' ? 'alert' : 'status'} className={`lf-alert lf-alert-${kind}`}>
      <LoginIcon name={kind === 'error' ? 'closeCircle' : 'checkCircle'} className="lf-alert-icon" />
      <div>{children}</div>
    </div>
  );
}

function SubmitButton({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <button type="submit" className={`lf-submit${loading ? ' lf-submit-loading' : ''}`}>
      {loading ? <LoginIcon name="loading" className="lf-spin" /> : null}
      <span>{children}</span>
    </button>
  );
}

/** /lupa-kata-sandi: asks for a reset link by username, NIM or email. */
export function ForgotPasswordApp() {
  const college = useCollege();
  const [identity, setIdentity] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const input = useRef<HTMLInputElement | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (identity.trim() === '') {
      setFieldError('Username, NIM atau email wajib diisi.');
      input.current?.focus();
      return;
    }
    setPending(true);
    setError(null);
    college
      .ready()
      .then(() => requestPasswordReset(identity.trim()))
      .then(
        (answer) => setSent(answer.pesan),
        (failure: unknown) => setError(signInErrorMessage(failure)),
      )
      .finally(() => setPending(false));
  };

  return (
    <ResetCard
      collegeName={college.name}
      title="Lupa Kata Sandi"
      lead="Masukkan username, NIM atau email akun Anda. Kami akan mengirim tautan untuk membuat kata sandi baru ke email yang terdaftar di akun."
    >
      {sent ? (
        <Alert kind="success">{sent}</Alert>
      ) : (
        <form className="lf" noValidate onSubmit={submit}>
          <fieldset className="lf-fieldset" disabled={pending}>
            {error ? <Alert kind="error">{error}</Alert> : null}
            <LoginInput
              name="identitas"
              label="Username, NIM atau email"
              icon="user"
              value={identity}
              error={fieldError}
              inputRef={(element) => {
                input.current = element;
              }}
              onChange={(value) => {
                setIdentity(value);
                setFieldError(undefined);
              }}
              input={{
                type: 'text',
                autoComplete: 'username',
                placeholder: 'NIM, NIDN, username atau email',
              }}
              suffix={null}
            />
            <SubmitButton loading={pending}>Kirim Tautan</SubmitButton>
          </fieldset>
        </form>
      )}
    </ResetCard>
  );
}

/** /reset-kata-sandi?token=…: the page the emailed link opens; sets the new password. */
export function ResetPasswordApp() {
  const college = useCollege();
  const token = readResetToken(window.location.search);
  const [values, setValues] = useState<NewPasswordValues>({ password_baru: '', konfirmasi_password: '' });
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  if (!token) {
    return (
      <ResetCard collegeName={college.name} title="Atur Ulang Kata Sandi" lead="Tautan ini tidak lengkap.">
        <Alert kind="error">
          Tautan atur ulang kata sandi tidak valid. <a href="/lupa-kata-sandi">Minta tautan baru</a>.
        </Alert>
      </ResetCard>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateNewPassword(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    setError(null);
    college
      .ready()
      .then(() => resetPassword({ token, ...values }))
      .then(
        () => setDone(true),
        (failure: unknown) => setError(signInErrorMessage(failure)),
      )
      .finally(() => setPending(false));
  };

  const field = (name: keyof NewPasswordValues, label: string, autoComplete: string) => (
    <LoginInput
      name={name}
      label={label}
      icon="lock"
      value={values[name]}
      error={errors[name]}
      inputRef={() => undefined}
      onChange={(value) => {
        setValues((current) => ({ ...current, [name]: value }));
        setErrors((current) => ({ ...current, [name]: undefined }));
      }}
      input={{ type: 'password', autoComplete, placeholder: label }}
      suffix={null}
    />
  );

  return (
    <ResetCard
      collegeName={college.name}
      title="Atur Ulang Kata Sandi"
      lead="Buat kata sandi baru untuk akun Anda. Setelah disimpan, semua sesi masuk akun ini diakhiri."
      backLink={!done}
    >
      {done ? (
        <>
          <Alert kind="success">Kata sandi berhasil diubah. Silakan masuk dengan kata sandi baru.</Alert>
          <a className="lf-submit lf-submit-link" href="/login">
            Masuk
          </a>
        </>
      ) : (
        <form className="lf" noValidate onSubmit={submit}>
          <fieldset className="lf-fieldset" disabled={pending}>
            {error ? (
              <Alert kind="error">
                {error} <a href="/lupa-kata-sandi">Minta tautan baru</a>
              </Alert>
            ) : null}
            {field('password_baru', 'Kata sandi baru', 'new-password')}
            {field('konfirmasi_password', 'Ulangi kata sandi baru', 'new-password')}
            <SubmitButton loading={pending}>Simpan Kata Sandi</SubmitButton>
          </fieldset>
        </form>
      )}
    </ResetCard>
  );
}
