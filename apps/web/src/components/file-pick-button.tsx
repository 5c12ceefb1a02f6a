import { useRef } from 'react';
import { Button, type ButtonProps } from 'antd';

/**
 * A button that opens the browser's file picker (a hidden file input named `inputLabel`) and hands the
 * chosen file to `onPick`; the same file may be chosen again afterwards.
 */
export function FilePickButton({
  accept,
  inputLabel,
  onPick,
  ...button
}: Omit<ButtonProps, 'onClick'> & { accept: string; inputLabel: string; onPick(file: File): void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        aria-label={inputLabel}
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onPick(file);
        }}
      />
      <Button {...button} onClick={() => input.current?.click()} />
    </>
  );
}
