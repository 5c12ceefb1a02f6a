import { useEffect, useState } from 'react';
import type { CollegeConfiguration } from '@lms/contract/college.schema';
import { describeOidcSignInError } from '@lms/contract/oidc.rules';
import { rememberedCollegeName } from '../../../lib/college.ts';
import { readCollegeConfiguration, readCollegeLogo } from '../api/read-college.ts';
import { signIn } from '../api/sign-in.ts';
import { readSignInMethods, startSsoSignIn } from '../api/sso-sign-in.ts';
import { DemoAccounts } from './demo-accounts.tsx';
import { LoginForm } from './login-form.tsx';
import {
  signInErrorMessage,
  validateLogin,
  validateLoginField,
  type LoginErrors,
  type LoginValues,
} from './login-form-rules.ts';
import { LoginIcon } from './login-icons.tsx';

/**
 * /login: the college's sign-in page (our own, PKCE), with the demo accounts in demo mode. Its own entry
 * (login.html, docs/web.md "Own entries"): plain elements, useState and fetch, no antd, router or query
 * cache. A sign-in continues at /oauth in the app, which exchanges the code for the session
 * and goes on to `target` or /beranda.
 */
export function LoginApp({ target }: { target: string | null }) {
  const [configuration, setConfiguration] = useState<CollegeConfiguration | null>(null);
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [pending, setPending] = useState(false);
  // A campus sign-in the server refused comes back as /login?sso_galat=<code>.
  const [error, setError] = useState<string | null>(() => {
    const code = new URLSearchParams(window.location.search).get('sso_galat');
    return code ? describeOidcSignInError(code) : null;
  });
  const [sso, setSso] = useState(false);

  useEffect(() => {
    // Without the configuration the page still signs in; the name falls back to the remembered one.
    // The methods are asked after it, so the college id it remembers goes with them.
    readCollegeConfiguration()
      .then(setConfiguration, () => undefined)
      .then(readSignInMethods)
      .then(
        (methods) => setSso(methods.sso),
        () => undefined,
      );
  }, []);

  const signInWithProvider = () => {
    setPending(true);
    setError(null);
    // Still pending while the browser leaves for the campus provider.
    startSsoSignIn(target).then(
      (url) => window.location.assign(url),
      () => {
        setError('Masuk dengan SSO Kampus tidak dapat dimulai. Silakan coba lagi.');
        setPending(false);
      },
    );
  };

  const collegeName = configuration?.nama ?? rememberedCollegeName() ?? 'Learning Management System';

  const submit = () => {
    const found = validateLogin(values);
    setErrors(found);
    const invalid = found.username ? 'username' : found.password ? 'password' : null;
    if (invalid) return invalid;
    setPending(true);
    setError(null);
    signIn({ ...values, target }).then(
      // Still pending while the browser leaves for /oauth.
      (oauthUrl) => window.location.replace(oauthUrl),
      (failure: unknown) => {
        setError(signInErrorMessage(failure));
        setPending(false);
      },
    );
    return null;
  };

  // The sign-in page has its own light card on a light backdrop: it stays light in the dark colour mode.
  return (
    <main className="login-page">
      <section className="login-card" aria-labelledby="login-title">
        <header className="login-brand">
          <CollegeLogo />
          <div>
            <div className="login-app-name">LMS Mahasiswa</div>
            <div className="login-college-name">{collegeName}</div>
          </div>
        </header>
        <h1 id="login-title" className="login-title">
          Masuk
        </h1>
        <p className="login-lead">Gunakan akun kampus Anda untuk masuk ke Learning Management System.</p>
        <LoginForm
          values={values}
          errors={errors}
          loading={pending}
          error={error}
          // Each change checks its field again, as antd's Form did.
          onChange={(field, value) => {
            setValues((current) => ({ ...current, [field]: value }));
            setErrors((current) => ({ ...current, [field]: validateLoginField(field, value) }));
          }}
          onSubmit={submit}
        />
        {sso ? (
          <>
            <div className="login-divider" role="separator">
              <span>atau</span>
            </div>
            <button
              type="button"
              className="login-sso-button"
              disabled={pending}
              onClick={signInWithProvider}
            >
              <LoginIcon name="bank" />
              <span>Masuk dengan SSO Kampus</span>
            </button>
          </>
        ) : null}
        <p className="login-links">
          <a href="/lupa-kata-sandi">Lupa kata sandi?</a>
        </p>
        {configuration?.demo && configuration.demo_accounts.length > 0 ? (
          <DemoAccounts
            accounts={configuration.demo_accounts}
            password={configuration.demo_password ?? ''}
            onPick={(account) => {
              setValues({ username: account.username, password: configuration.demo_password ?? '' });
              setErrors({});
              setError(null);
            }}
          />
        ) : null}
      </section>
      {configuration?.copyright ? <footer className="login-footer">{configuration.copyright}</footer> : null}
    </main>
  );
}

/** The college logo at 64 px; a neutral icon while it loads or when it fails (logo errors are ignored). */
function CollegeLogo() {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    readCollegeLogo().then(setSrc, () => setFailed(true));
  }, []);
  if (!src || failed) {
    return (
      <span className="login-logo-placeholder" aria-hidden>
        <LoginIcon name="bank" />
      </span>
    );
  }
  return (
    <img
      className="login-logo"
      src={src}
      alt="Logo perguruan tinggi"
      width={64}
      height={64}
      onError={() => setFailed(true)}
    />
  );
}
