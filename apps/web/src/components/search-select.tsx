import { useState } from 'react';
import { Select } from 'antd';
import type { CSSProperties } from 'react';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';

/** One choice of a search select. */
export interface SearchSelectOption {
  value: string;
  label: string;
}

/** What a search select asks its data from: the options matching a search term (within a scope, e.g. a period). */
export type UseSearchOptions = (
  search: string,
  scope: string | undefined,
) => {
  data?: SearchSelectOption[];
  isFetching: boolean;
};

/**
 * A select whose options come from the server as the user types (debounced). A chosen value that
 * arrives without its label (a filter read from the URL) is searched for once, since the directory
 * searches match a whole nim, nidn or id; labels seen once are kept so the choice stays readable
 * while other options are listed.
 */
export function SearchSelect({
  value,
  onChange,
  useOptions,
  scope,
  placeholder,
  ariaLabel,
  disabled,
  style,
}: {
  value: string | undefined;
  onChange: (value: string | undefined, option?: SearchSelectOption) => void;
  useOptions: UseSearchOptions;
  /** Passed to useOptions: what narrows the options besides the search (the chosen period, …). */
  scope?: string;
  placeholder: string;
  ariaLabel: string;
  disabled?: boolean;
  style?: CSSProperties;
}) {
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim());
  // The chosen value's label, kept so the choice stays readable while other options are listed.
  const [chosen, setChosen] = useState<SearchSelectOption | null>(null);
  const unresolved = !!value && chosen?.value !== value;
  const term = search || (unresolved && !typed ? value : '');
  const result = useOptions(term, scope);
  const found = value ? result.data?.find((o) => o.value === value) : undefined;
  if (found && unresolved) setChosen(found);
  const options = [...(result.data ?? [])];
  if (value && !found) {
    options.unshift({ value, label: chosen?.value === value ? chosen.label : value });
  }
  return (
    <Select<string, SearchSelectOption>
      aria-label={ariaLabel}
      placeholder={placeholder}
      allowClear
      disabled={disabled}
      style={style}
      value={value}
      loading={result.isFetching}
      options={options}
      showSearch={{ filterOption: false, searchValue: typed, onSearch: setTyped }}
      onChange={(next, option) => {
        setTyped('');
        const picked = Array.isArray(option) ? undefined : option;
        if (picked) setChosen({ value: picked.value, label: picked.label });
        onChange(next || undefined, picked);
      }}
      onOpenChange={(open) => {
        if (!open) setTyped('');
      }}
      notFoundContent={result.isFetching ? 'Memuat…' : 'Tidak ditemukan'}
    />
  );
}
