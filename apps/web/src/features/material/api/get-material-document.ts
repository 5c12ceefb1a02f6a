import { useQuery } from '@tanstack/react-query';
import type { MaterialDocument } from '@lms/contract/material.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { materialKeys } from '../../../lib/query-keys/material-query-keys.ts';

/** GET /v2/lms/materi/{id}/dokumen: an office e-book (docx, xlsx) as sanitised HTML. */
export async function getMaterialDocument(id: string): Promise<MaterialDocument> {
  const response = await apiClient.get<{ data: MaterialDocument }>(`/v2/lms/materi/${id}/dokumen`);
  return response.data.data;
}

/** The document of a material's current file; asked again only when the file is replaced. */
export function useMaterialDocument(id: string, fileUrl: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: materialKeys.document(id, fileUrl),
    queryFn: () => getMaterialDocument(id),
    staleTime: Infinity,
    retry: false,
  });
}
