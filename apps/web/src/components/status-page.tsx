import type { ReactNode } from 'react';
import { PlainButton } from './plain-button.tsx';

/** The 404 texts of spec 1 §2, letter for letter. */
export const notFoundTitle = 'Uppss!!! Alamat yang Anda tuju tidak ditemukan';
export const notFoundHint =
  'Periksa kembali alamat yang Anda tuju, atau hubungi administrator bila Anda yakin alamat tersebut benar.';

/** A full-height page for 404 and other error codes. */
export function StatusPage({
  code,
  title,
  description,
  action,
}: {
  code: string;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 24,
        background: '#f3f5f9',
      }}
    >
      <div style={{ maxWidth: 520, textAlign: 'center' }}>
        <div
          aria-hidden
          style={{ fontSize: 96, fontWeight: 800, lineHeight: 1, color: '#1d4ed8', letterSpacing: 4 }}
        >
          {code}
        </div>
        {/* Plain elements: this page is in the first bundle, antd's Typography is heavy. */}
        <h1 style={{ margin: '16px 0 8px', fontSize: 24, fontWeight: 600, color: 'rgba(0,0,0,0.88)' }}>
          {title}
        </h1>
        {description ? (
          <p style={{ margin: '0 0 24px', fontSize: 15, color: 'rgba(0,0,0,0.6)', lineHeight: 1.6 }}>
            {description}
          </p>
        ) : null}
        {action ?? (
          <PlainButton variant="primary" size="large" href="/beranda">
            Kembali ke Beranda
          </PlainButton>
        )}
      </div>
    </main>
  );
}

/**
 * What an unmatched route throws, for the log and the tests: the page shows the 404 texts alone. Spec 1 §2
 * had it show 'This page could not be found', the one English sentence of the app (issue 45).
 */
export const unmatchedRouteMessage = 'Halaman tidak ditemukan';

/**
 * The 404 page (spec 1 §2), with the ways back into the app: Beranda, and the page the user came from
 * when this tab has one (a link opened in a new tab has none).
 */
export function NotFoundPage() {
  const cameFromAPage = typeof window !== 'undefined' && window.history.length > 1;
  return (
    <StatusPage
      code="404"
      title={notFoundTitle}
      description={notFoundHint}
      action={
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, justifyContent: 'center' }}>
          <PlainButton variant="primary" size="large" href="/beranda">
            Kembali ke Beranda
          </PlainButton>
          {cameFromAPage ? (
            <PlainButton size="large" onClick={() => window.history.back()}>
              Halaman Sebelumnya
            </PlainButton>
          ) : null}
        </div>
      }
    />
  );
}
