import { useState } from 'react';
import { BankOutlined } from '@ant-design/icons';
import { useCollegeLogo } from '../lib/queries/get-college-logo.ts';

/** The college logo; a neutral icon while it loads or when it fails (logo errors are ignored). */
export function CollegeLogo({ size }: { size: number }) {
  const src = useCollegeLogo();
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span
        aria-hidden
        style={{
          width: size,
          height: size,
          borderRadius: size / 4,
          background: '#e8efff',
          color: '#1d4ed8',
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          fontSize: size * 0.5,
          flex: 'none',
        }}
      >
        <BankOutlined />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt="Logo perguruan tinggi"
      width={size}
      height={size}
      style={{ objectFit: 'contain', flex: 'none' }}
      onError={() => setFailed(true)}
    />
  );
}
