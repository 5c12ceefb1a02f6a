import { useMutation } from '@tanstack/react-query';
import { downloadFromApi } from '../../../lib/download-file.ts';
import type { ActivityLogParams } from './get-activity-logs.ts';

/** GET /v2/lms/log_aktivitas/export_excel: downloads the filtered log (same filters, no per_page). */
export async function exportActivityLogs(params: ActivityLogParams): Promise<string> {
  const { page: _page, per_page: _perPage, ...filters } = params;
  return downloadFromApi('/v2/lms/log_aktivitas/export_excel', filters, 'log-aktivitas.xlsx');
}

/** The export mutation. */
export function useExportActivityLogs() {
  return useMutation({ mutationFn: exportActivityLogs });
}
