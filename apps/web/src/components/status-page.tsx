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

/** What an unmatched route says (spec 1 §2), letter for letter. */
export const unmatchedRouteMessage = 'This page could not be found';

/** The 404 page (spec 1 §2); `message` is what the route said, under the hint (an unmatched route's). */
export function NotFoundPage({ message }: { message?: string }) {
  return (
    <StatusPage
      code="404"
      title={notFoundTitle}
      description={
        <>
          {notFoundHint}
          {message ? (
            <span style={{ display: 'block', marginTop: 8, fontSize: 13, color: 'rgba(0,0,0,0.6)' }}>
              {message}
            </span>
          ) : null}
        </>
      }
    />
  );
}
