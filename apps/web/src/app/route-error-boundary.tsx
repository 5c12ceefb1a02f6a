import { useEffect, useState } from 'react';
import { DisconnectOutlined } from '@ant-design/icons';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiError } from '../lib/api-error.ts';
import { isChunkLoadError, mayReloadForChunkError, reloadForChunkError } from '../lib/chunk-reload.ts';
import { expireSession } from '../lib/session/token-store.ts';
import { PageLoader } from '../components/page-loader.tsx';
import { PlainButton } from '../components/plain-button.tsx';
import { NotFoundPage, StatusPage } from '../components/status-page.tsx';
import { isBrowserOffline, isNetworkFailure } from './offline-session.ts';
import './route-error-boundary.css';

/** The status code and message of whatever a route threw. */
function describe(error: unknown): { code: number | undefined; message: string } {
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === 'string' ? error.data : error.statusText;
    return { code: error.status, message };
  }
  if (error instanceof ApiError) return { code: error.statusCode, message: error.message };
  return {
    code: 500,
    message: error instanceof Error ? error.message : 'Terjadi kesalahan',
  };
}

/**
 * What a page that needs the server shows without a connection (issue 44 §4): no error code, since
 * nothing is broken, and the way to what still works.
 */
function OfflinePage() {
  return (
    <div className="offline-page" role="status">
      <DisconnectOutlined className="offline-page__icon" aria-hidden />
      <h1 className="offline-page__title">Halaman ini memerlukan koneksi</h1>
      <p className="offline-page__text">
        Anda sedang luring. Halaman ini dapat dibuka kembali saat perangkat tersambung ke internet; materi
        yang tersimpan di perangkat tetap dapat dibaca.
      </p>
      <PlainButton variant="primary" size="large" href="/materi-tersimpan">
        Buka Materi Tersimpan
      </PlainButton>
    </div>
  );
}

/** Error page of a route: 404 texts, 'Error {code}' with the server message, chunk-load reload. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  // Offline, a page that needs the server says so kindly; reloading would not help until it is back.
  const offline = isBrowserOffline() || isNetworkFailure(error);
  const chunkError = !offline && isChunkLoadError(error);
  const { code, message } = describe(error);
  // A new deployment removed the old chunks: reload once; a second failure within 60 s shows the error.
  const [reloading] = useState(() => chunkError && mayReloadForChunkError());

  useEffect(() => {
    if (reloading) reloadForChunkError();
  }, [reloading]);

  useEffect(() => {
    // Spec 1 §4: a 403 on the error page also logs out.
    if (code === 403) expireSession();
  }, [code]);

  if (offline) return <OfflinePage />;
  if (reloading) return <PageLoader fullScreen tip="Memuat versi terbaru aplikasi…" />;
  // An unmatched route and a 404 answer of the server show the same Indonesian 404 page (spec 1 §2; the
  // unmatched route's English line was dropped in issue 45).
  if (code === 404) return <NotFoundPage />;
  return (
    <StatusPage
      code={String(code ?? 500)}
      title={`Error ${code ?? 500}`}
      description={message}
      action={
        code === 403 ? (
          <PlainButton variant="primary" size="large" href="/login">
            Masuk Kembali
          </PlainButton>
        ) : (
          <PlainButton variant="primary" size="large" onClick={() => window.location.reload()}>
            Muat Ulang
          </PlainButton>
        )
      }
    />
  );
}
