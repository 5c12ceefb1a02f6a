import { ExclamationCircleFilled } from '@ant-design/icons';
import { redirect, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { PlainButton } from '../../../components/plain-button.tsx';
import { normalizeApiError } from '../../../lib/api-error.ts';
import { completeSignIn, StateMismatchError } from '../api/complete-sign-in.ts';

/** Loader of /oauth: finishes the sign-in and redirects, or hands the failure to the page. */
export async function oauthLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (!url.searchParams.get('code')) return { error: 'Kode masuk tidak ditemukan. Silakan masuk kembali.' };
  try {
    return redirect(await completeSignIn(url));
  } catch (error) {
    if (error instanceof StateMismatchError) return { error: error.message };
    return { error: normalizeApiError(error).message };
  }
}

/**
 * /oauth: shown only when the sign-in could not be completed. Plain markup in antd Result's look: every
 * sign-in passes through this route, and its module (with the loader) loads with it, so antd stays out.
 */
export function OAuthPage() {
  const { error } = useLoaderData<typeof oauthLoader>();
  const navigate = useNavigate();
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <div style={{ maxWidth: 480, textAlign: 'center' }}>
        <ExclamationCircleFilled
          aria-hidden
          style={{ fontSize: 72, color: 'var(--ant-color-warning, #faad14)' }}
        />
        <h1 style={{ margin: '24px 0 8px', fontSize: 24, fontWeight: 400 }}>Gagal masuk</h1>
        <p style={{ margin: '0 0 24px', color: 'var(--ant-color-text-secondary, rgba(0, 0, 0, 0.65))' }}>
          {error}
        </p>
        <PlainButton variant="primary" onClick={() => void navigate('/login', { replace: true })}>
          Kembali ke halaman masuk
        </PlainButton>
      </div>
    </main>
  );
}
