import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiError } from '../lib/api-error.ts';
import { isChunkLoadError, mayReloadForChunkError, reloadForChunkError } from '../lib/chunk-reload.ts';
import { expireSession } from '../lib/session/token-store.ts';
import { PageLoader } from '../components/page-loader.tsx';
import { PlainButton } from '../components/plain-button.tsx';
import { NotFoundPage, StatusPage, unmatchedRouteMessage } from '../components/status-page.tsx';

/**
 * The status code and message of whatever a route threw; `fromRouter` when the router itself answered
 * (an unmatched route), rather than the server.
 */
function describe(error: unknown): { code: number | undefined; message: string; fromRouter: boolean } {
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === 'string' ? error.data : error.statusText;
    return { code: error.status, message, fromRouter: true };
  }
  if (error instanceof ApiError) return { code: error.statusCode, message: error.message, fromRouter: false };
  return {
    code: 500,
    message: error instanceof Error ? error.message : 'Terjadi kesalahan',
    fromRouter: false,
  };
}

/** Error page of a route: 404 texts, 'Error {code}' with the server message, chunk-load reload. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const chunkError = isChunkLoadError(error);
  const { code, message, fromRouter } = describe(error);
  // A new deployment removed the old chunks: reload once; a second failure within 60 s shows the error.
  const [reloading] = useState(() => chunkError && mayReloadForChunkError());

  useEffect(() => {
    if (reloading) reloadForChunkError();
  }, [reloading]);

  useEffect(() => {
    // Spec 1 §4: a 403 on the error page also logs out.
    if (code === 403) expireSession();
  }, [code]);

  if (reloading) return <PageLoader fullScreen tip="Memuat versi terbaru aplikasi…" />;
  // Spec 1 §2: an unmatched route says 'This page could not be found' (whatever React Router's own
  // no-match text is); a 404 answer of the server shows the 404 texts alone.
  if (code === 404) return <NotFoundPage message={fromRouter ? unmatchedRouteMessage : undefined} />;
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
