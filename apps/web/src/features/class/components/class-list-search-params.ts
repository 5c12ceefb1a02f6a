import { classExecutionFilterValues, type ClassExecutionFilter } from '@lms/contract/class.rules';
import type { ClassListParams } from '../api/list-classes.ts';

/** Page sizes of the class list (spec 2 §9) and its default. */
export const classPageSizes = [5, 10, 15, 20] as const;
export const defaultClassPageSize = 5;

/** The filter fields the side filter edits. */
export interface ClassFilterValues {
  periode?: number;
  id_prodi_mata_kuliah?: string;
  id_prodi_kelas?: string;
  id_mata_kuliah?: string;
  status?: ClassExecutionFilter;
}

function text(params: URLSearchParams, key: string): string | undefined {
  const value = params.get(key)?.trim();
  return value ? value : undefined;
}

function positiveInt(params: URLSearchParams, key: string): number | undefined {
  const value = Number(params.get(key));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/**
 * Reads the class list's query from the address bar; a missing period means the current one, an
 * unknown page size the default 5, an unknown status Semua.
 */
export function readClassListParams(
  params: URLSearchParams,
  currentPeriod: number | undefined,
): ClassListParams {
  const size = positiveInt(params, 'per_page');
  const status = text(params, 'status');
  return {
    page: positiveInt(params, 'page') ?? 1,
    per_page: size && (classPageSizes as readonly number[]).includes(size) ? size : defaultClassPageSize,
    periode: positiveInt(params, 'periode') ?? currentPeriod,
    search: text(params, 'search'),
    id_mata_kuliah: text(params, 'id_mata_kuliah'),
    id_prodi_mata_kuliah: text(params, 'id_prodi_mata_kuliah'),
    id_prodi_kelas: text(params, 'id_prodi_kelas'),
    status: (classExecutionFilterValues as readonly string[]).includes(status ?? '')
      ? (status as ClassExecutionFilter)
      : undefined,
  };
}

/** Writes the class list's query into address-bar parameters, leaving out empty values and page 1. */
export function writeClassListParams(params: ClassListParams): URLSearchParams {
  const search = new URLSearchParams();
  const entries: [string, string | number | undefined][] = [
    ['periode', params.periode],
    ['id_prodi_mata_kuliah', params.id_prodi_mata_kuliah],
    ['id_prodi_kelas', params.id_prodi_kelas],
    ['id_mata_kuliah', params.id_mata_kuliah],
    ['status', params.status],
    ['search', params.search],
    ['page', params.page > 1 ? params.page : undefined],
    ['per_page', params.per_page !== defaultClassPageSize ? params.per_page : undefined],
  ];
  for (const [key, value] of entries) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  return search;
}

/** How many side-filter fields differ from their defaults (a badge on the Filter button). */
export function activeFilterCount(params: ClassListParams, currentPeriod: number | undefined): number {
  return [
    params.periode !== undefined && params.periode !== currentPeriod,
    !!params.id_prodi_mata_kuliah,
    !!params.id_prodi_kelas,
    !!params.id_mata_kuliah,
    !!params.status,
  ].filter(Boolean).length;
}
