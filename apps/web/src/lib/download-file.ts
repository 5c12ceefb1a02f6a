import { apiClient } from './api-client.ts';
import { saveBlob } from './save-blob.ts';

/** The file name of a content-disposition header (RFC 6266, filename* first), or a fallback. */
export function fileNameFromDisposition(header: string | undefined, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended) return decodeURIComponent(extended[1]!);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1]! : fallback;
}

/**
 * Downloads a file the API answers (an export) with the signed-in session, saving it under the name the
 * server gives; answers that name. A refused download throws the server's message (its JSON is read).
 */
export async function downloadFromApi(url: string, params: object, fallbackName: string): Promise<string> {
  const response = await apiClient.get<Blob>(url, { params, responseType: 'blob' });
  const name = fileNameFromDisposition(response.headers['content-disposition'], fallbackName);
  saveBlob(response.data, name);
  return name;
}
