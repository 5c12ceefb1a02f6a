import { useEffect, useRef, useState } from 'react';
import { PageLoader } from './page-loader.tsx';
import { PlainAlert } from './plain-alert.tsx';
import './pdf-reader.css';

/** Pages beyond this are left to the download: a phone should not draw a whole textbook at once. */
const maxRenderedPages = 60;

/**
 * A PDF drawn in the page with pdf.js (loaded only when a reader opens), page by page at the width of
 * its box: it works on phones, whose browsers do not show PDFs inside a page, and needs no outside viewer.
 * It reads a public `url`, or a `file` already fetched with the session (a private hand-in).
 */
export function PdfReader({ url, file, title }: { url?: string; file?: Blob; title: string }) {
  const pages = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [truncated, setTruncated] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => Promise<void>) | undefined;
    const draw = async () => {
      const [pdfjs, worker] = await Promise.all([
        import('pdfjs-dist'),
        import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
      ]);
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      // A fresh copy each time: pdf.js hands the bytes to its worker, which empties the buffer.
      const source = file ? { data: new Uint8Array(await file.arrayBuffer()) } : { url };
      // Image decoders (scanned pages) from our own origin, copied there by build/pdfjs-wasm.plugin.ts.
      const task = pdfjs.getDocument({ ...source, wasmUrl: `/assets/pdfjs-${pdfjs.version}/` });
      destroy = () => task.destroy();
      const doc = await task.promise;
      const box = pages.current;
      if (cancelled || !box) return;
      box.replaceChildren();
      const width = box.clientWidth || 320;
      const count = Math.min(doc.numPages, maxRenderedPages);
      for (let n = 1; n <= count && !cancelled; n++) {
        const page = await doc.getPage(n);
        const scale = width / page.getViewport({ scale: 1 }).width;
        const viewport = page.getViewport({ scale: scale * (window.devicePixelRatio || 1) });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = '100%';
        canvas.style.display = 'block';
        canvas.style.marginBottom = '8px';
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', `${title}, halaman ${n}`);
        box.appendChild(canvas);
        await page.render({ canvas, viewport }).promise;
        if (n === 1 && !cancelled) setState('ready');
      }
      if (!cancelled) setTruncated(doc.numPages > count);
    };
    draw().catch(() => {
      if (!cancelled) setState('error');
    });
    return () => {
      cancelled = true;
      void destroy?.();
    };
  }, [url, file, title]);

  return (
    <div>
      {state === 'loading' ? (
        <div className="pdf-reader__loading">
          <PageLoader tip="Memuat dokumen…" />
        </div>
      ) : null}
      {state === 'error' ? (
        <PlainAlert type="error" title="Dokumen tidak dapat ditampilkan. Unduh untuk membacanya." />
      ) : null}
      {/* Focusable: the pages scroll in their box, which the keyboard must reach too (WCAG 2.1.1). */}
      <div
        ref={pages}
        data-testid="pdf-pages"
        className="pdf-reader__pages"
        hidden={state === 'error'}
        tabIndex={0}
        role="region"
        aria-label={`Dokumen ${title}`}
      />
      {truncated ? (
        <PlainAlert
          type="info"
          className="pdf-reader__truncated"
          title={`Hanya ${maxRenderedPages} halaman pertama yang ditampilkan. Unduh untuk membaca seluruhnya.`}
        />
      ) : null}
    </div>
  );
}
