import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { searchDebounceMs } from '../lib/use-debounced-value.ts';
import './search-box.css';

export interface SearchBoxProps {
  /** The search in effect (e.g. from the query string). */
  value: string;
  /** Called 500 ms after the last keystroke, and at once on Enter or clear, with the trimmed text. */
  onSearch(value: string): void;
  placeholder?: string;
  /** Accessible name; the placeholder by default. */
  label?: string;
  /** On the outer box (width, margins, display). */
  style?: CSSProperties;
}

/**
 * A search input that waits 500 ms after typing stops (spec 1 §9), in antd Input's look (search icon
 * before, clear button after) as plain markup: no antd code on the first screens that show it.
 */
export function SearchBox({ value, onSearch, placeholder = 'Cari', label, style }: SearchBoxProps) {
  const inputRef = useRef<HTMLInputElement>(null);
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
    // A click on the box's padding or icon types in the input, as in antd's Input.
    <span
      className="search-box"
      style={style}
      onMouseDown={(e) => {
        const target = e.target as Element;
        if (target === inputRef.current || target.closest('button')) return;
        e.preventDefault();
        inputRef.current?.focus();
      }}
    >
      <SearchOutlined aria-hidden className="search-box__prefix" />
      <input
        ref={inputRef}
        type="text"
        enterKeyHint="search"
        className="search-box__input"
        value={text}
        placeholder={placeholder}
        aria-label={label ?? placeholder}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.nativeEvent.isComposing) onSearch(text.trim());
        }}
      />
      {/* Always there (as antd's hidden clear icon), so the text does not shift when the button appears. */}
      <span className="search-box__suffix">
        {text ? (
          <button
            type="button"
            className="search-box__clear"
            aria-label="Hapus pencarian"
            onClick={() => {
              // The clear button: search for everything at once.
              setText('');
              onSearch('');
              inputRef.current?.focus();
            }}
          >
            <CloseCircleFilled aria-hidden />
          </button>
        ) : null}
      </span>
    </span>
  );
}
