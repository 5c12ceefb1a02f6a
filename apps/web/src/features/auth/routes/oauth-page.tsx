import { Button, Result } from 'antd';
import { Link, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
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

/** /oauth: shown only when the sign-in could not be completed. */
export function OAuthPage() {
  const { error } = useLoaderData<typeof oauthLoader>();
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <Result
        status="warning"
        title="Gagal masuk"
        subTitle={error}
        extra={
          <Link to="/login" replace>
            <Button type="primary">Kembali ke halaman masuk</Button>
          </Link>
        }
      />
    </main>
  );
}
