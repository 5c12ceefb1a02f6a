import type { QuestionFile } from '@lms/contract/exam.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { downloadFromApi } from '../../../lib/download-file.ts';

/** An answer's file as bytes for the grading dialog (private: fetched with the session, not linked). */
export async function getAnswerFileBlob(file: QuestionFile): Promise<Blob> {
  const response = await apiClient.get<Blob>(file.url, { responseType: 'blob' });
  return response.data;
}

/** Saves an answer's file under its own name (the server sends it as a download). */
export function downloadAnswerFile(file: QuestionFile): Promise<string> {
  return downloadFromApi(file.url, { download: '1' }, file.name);
}
