import { useMemo } from 'react';
import { create } from 'qrcode';

/**
 * A QR code as inline SVG: the `qrcode` library encodes the text, React draws its modules (one path), so
 * no generated markup is injected into the page. A quiet zone of four modules keeps it scannable.
 */
export function QrCodeImage({ text, label, size = 280 }: { text: string; label: string; size?: number }) {
  const { path, count } = useMemo(() => {
    const modules = create(text, { errorCorrectionLevel: 'M' }).modules;
    let d = '';
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        if (modules.get(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`;
      }
    }
    return { path: d, count: modules.size + 8 };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${count} ${count}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      style={{ background: '#fff', maxWidth: '100%', height: 'auto' }}
    >
      <title>{label}</title>
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
