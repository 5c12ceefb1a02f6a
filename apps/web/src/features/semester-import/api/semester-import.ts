import { useEffect } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  semesterImportTemplateFileName,
  type SemesterImport,
  type SiakadSync,
  type SiakadSyncInput,
} from '@lms/contract/semester-import.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { downloadFromApi } from '../../../lib/download-file.ts';
import { referenceKeys } from '../../../lib/query-keys/reference-query-keys.ts';

const base = '/v2/lms/muat_semester';
const semesterImportKey = ['semester-import'] as const;

/** While a job reads or applies the file, the screen asks again this often. */
const pollMs = 1500;

/** GET /v2/lms/muat_semester/terakhir: the latest load (null when none yet). */
export async function getLatestSemesterImport(): Promise<SemesterImport | null> {
  const response = await apiClient.get<{ data: SemesterImport | null }>(`${base}/terakhir`);
  return response.data.data;
}

export const latestSemesterImportQuery = queryOptions({
  queryKey: [...semesterImportKey, 'terakhir'],
  queryFn: getLatestSemesterImport,
  refetchInterval: (query) => {
    const status = query.state.data?.status;
    return status === 'memproses' || status === 'menerapkan' ? pollMs : false;
  },
});

export function useLatestSemesterImport() {
  const client = useQueryClient();
  const query = useQuery(latestSemesterImportQuery);
  const applied = query.data?.status === 'diterapkan' ? query.data.id : null;
  // An applied load may add periods, programmes, courses and rooms, so the shared lists are asked again
  // (the SIAKAD period choice then offers the period after the new latest).
  useEffect(() => {
    if (applied) void client.invalidateQueries({ queryKey: referenceKeys.all });
  }, [applied, client]);
  return query;
}

/** POST /v2/lms/muat_semester (multipart `file`): the read job makes the preview. */
export async function uploadSemesterFile(file: File): Promise<SemesterImport> {
  const form = new FormData();
  form.append('file', file);
  const response = await apiClient.post<{ data: SemesterImport }>(base, form);
  return response.data.data;
}

/** POST /v2/lms/muat_semester/siakad: SIAKAD's data of the period; the read job makes the preview. */
export async function readSemesterFromSiakad(periode: number): Promise<SemesterImport> {
  const response = await apiClient.post<{ data: SemesterImport }>(`${base}/siakad`, { periode });
  return response.data.data;
}

async function act(id: string, action: 'terapkan' | 'batal'): Promise<SemesterImport> {
  const response = await apiClient.post<{ data: SemesterImport }>(
    `${base}/${encodeURIComponent(id)}/${action}`,
  );
  return response.data.data;
}

/** Upload, read from SIAKAD, apply and cancel: each answers the load, shown at once, and polling takes over. */
export function useSemesterImportActions() {
  const client = useQueryClient();
  const show = (data: SemesterImport) => client.setQueryData(latestSemesterImportQuery.queryKey, data);
  return {
    upload: useMutation({ mutationFn: uploadSemesterFile, onSuccess: show }),
    readSiakad: useMutation({ mutationFn: readSemesterFromSiakad, onSuccess: show }),
    apply: useMutation({ mutationFn: (id: string) => act(id, 'terapkan'), onSuccess: show }),
    cancel: useMutation({ mutationFn: (id: string) => act(id, 'batal'), onSuccess: show }),
  };
}

/** GET /v2/lms/muat_semester/template. */
export function useDownloadSemesterTemplate() {
  return useMutation({
    mutationFn: () => downloadFromApi(`${base}/template`, {}, semesterImportTemplateFileName),
  });
}

/** GET /v2/lms/muat_semester/sinkron_otomatis: the daily SIAKAD sync (on/off, hour in the college's time). */
export async function getSiakadSync(): Promise<SiakadSync> {
  const response = await apiClient.get<{ data: SiakadSync }>(`${base}/sinkron_otomatis`);
  return response.data.data;
}

export const siakadSyncQuery = queryOptions({
  queryKey: [...semesterImportKey, 'sinkron-otomatis'],
  queryFn: getSiakadSync,
});

export function useSiakadSync() {
  return useQuery(siakadSyncQuery);
}

/** PUT /v2/lms/muat_semester/sinkron_otomatis. */
export async function saveSiakadSync(input: SiakadSyncInput): Promise<SiakadSync> {
  const response = await apiClient.put<{ data: SiakadSync }>(`${base}/sinkron_otomatis`, input);
  return response.data.data;
}

export function useSaveSiakadSync() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSiakadSync,
    onSuccess: (data) => client.setQueryData(siakadSyncQuery.queryKey, data),
  });
}
