import { ConfigProvider, Form, theme } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-error.ts';
import { rememberedCollegeName } from '../../../lib/college.ts';
import { useConfiguration } from '../../../lib/queries/get-configuration.ts';
import { CollegeLogo } from '../../../components/college-logo.tsx';
import { useSignIn } from '../api/sign-in.ts';
import { DemoAccounts } from '../components/demo-accounts.tsx';
import { LoginForm, type LoginValues } from '../components/login-form.tsx';
import './login-page.css';

/** /login: the college's sign-in page (our own, PKCE), with the demo accounts in demo mode. */
export function LoginPage() {
  const [form] = Form.useForm<LoginValues>();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const configuration = useConfiguration().data;
  const signIn = useSignIn();
  const collegeName = configuration?.nama ?? rememberedCollegeName() ?? 'Learning Management System';

  const submit = (values: LoginValues) => {
    signIn.mutate(
      { ...values, target: params.get('redirect') },
      { onSuccess: (oauthUrl) => void navigate(oauthUrl, { replace: true }) },
    );
  };

  const error = signIn.error
    ? signIn.error instanceof ApiError
      ? signIn.error.message
      : 'Terjadi Kesalahan'
    : null;

  // The sign-in page has its own light card on a light backdrop: it stays light in the dark colour mode.
  return (
    <ConfigProvider theme={{ algorithm: theme.defaultAlgorithm }}>
      <main className="login-page">
        <section className="login-card" aria-labelledby="login-title">
          <header className="login-brand">
            <CollegeLogo size={64} />
            <div>
              <div className="login-app-name">LMS Mahasiswa</div>
              <div className="login-college-name">{collegeName}</div>
            </div>
          </header>
          {/* Plain elements rather than antd Typography keep the sign-in page's JavaScript small. */}
          <h1 id="login-title" className="login-title">
            Masuk
          </h1>
          <p className="login-lead">Gunakan akun kampus Anda untuk masuk ke Learning Management System.</p>
          <LoginForm form={form} loading={signIn.isPending} error={error} onSubmit={submit} />
          {configuration?.demo && configuration.demo_accounts.length > 0 ? (
            <DemoAccounts
              accounts={configuration.demo_accounts}
              password={configuration.demo_password ?? ''}
              onPick={(account) => {
                form.setFieldsValue({
                  username: account.username,
                  password: configuration.demo_password ?? '',
                });
                signIn.reset();
              }}
            />
          ) : null}
        </section>
        {configuration?.copyright ? (
          <footer className="login-footer">{configuration.copyright}</footer>
        ) : null}
      </main>
    </ConfigProvider>
  );
}
