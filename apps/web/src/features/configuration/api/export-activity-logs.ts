import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import type { ActivityLogParams } from './get-activity-logs.ts';

/** The file name of a content-disposition header (RFC 6266, filename* first), or a fallback. */
export function fileNameFromDisposition(header: string | undefined, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended) return decodeURIComponent(extended[1]!);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1]! : fallback;
}

/** GET /v2/lms/log_aktivitas/export_excel: downloads the filtered log (same filters, no per_page). */
export async function exportActivityLogs(params: ActivityLogParams): Promise<string> {
  const { page: _page, per_page: _perPage, ...filters } = params;
  const response = await apiClient.get<Blob>('/v2/lms/log_aktivitas/export_excel', {
    params: filters,
    responseType: 'blob',
  });
  const name = fileNameFromDisposition(
    response.headers['content-disposition'] as string | undefined,
    'log-aktivitas.xlsx',
  );
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

/** The export mutation. */
export function useExportActivityLogs() {
  return useMutation({ mutationFn: exportActivityLogs });
}
