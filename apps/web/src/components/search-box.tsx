import { useEffect, useState, type CSSProperties } from 'react';
import { Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { searchDebounceMs } from '../lib/use-debounced-value.ts';

export interface SearchBoxProps {
  /** The search in effect (e.g. from the query string). */
  value: string;
  /** Called 500 ms after the last keystroke, and at once on Enter or clear, with the trimmed text. */
  onSearch(value: string): void;
  placeholder?: string;
  /** Accessible name; the placeholder by default. */
  label?: string;
  style?: CSSProperties;
}

/** A search input that waits 500 ms after typing stops (spec 1 §9). */
export function SearchBox({ value, onSearch, placeholder = 'Cari', label, style }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [textFor, setTextFor] = useState(value);
  // Follows the value when it changes from outside (a reset).
  if (textFor !== value) {
    setTextFor(value);
    setText(value);
  }

  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => onSearch(text.trim()), searchDebounceMs);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <Input
      allowClear
      value={text}
      placeholder={placeholder}
      aria-label={label ?? placeholder}
      prefix={<SearchOutlined aria-hidden style={{ color: 'rgba(0,0,0,0.45)' }} />}
      style={style}
      onChange={(e) => {
        setText(e.target.value);
        // The clear button: search for everything at once.
        if (e.type === 'click' && e.target.value === '') onSearch('');
      }}
      onPressEnter={() => onSearch(text.trim())}
    />
  );
}
