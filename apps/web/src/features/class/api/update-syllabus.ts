import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CourseInfo } from '@lms/contract/academic.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { classKeys } from '../../../lib/query-keys/class-query-keys.ts';
import { courseKeys } from '../../../lib/query-keys/course-query-keys.ts';

export interface SyllabusInput {
  teks: string;
  /** A new syllabus file (PDF, DOC, DOCX). */
  file?: File;
  /** Removes the current file. */
  hapusFile?: boolean;
}

/** PUT /v2/academic/matakuliah/{courseId}/silabus: multipart with a new file, else JSON. */
export async function updateSyllabus(courseId: string, input: SyllabusInput): Promise<CourseInfo> {
  const url = `/v2/academic/matakuliah/${encodeURIComponent(courseId)}/silabus`;
  let body: FormData | { teks: string; hapus_file: boolean };
  if (input.file) {
    body = new FormData();
    body.append('teks', input.teks);
    body.append('file_silabus', input.file);
  } else {
    body = { teks: input.teks, hapus_file: !!input.hapusFile };
  }
  const response = await apiClient.put<{ data: CourseInfo }>(url, body);
  return response.data.data;
}

/** Changes the syllabus; the class pages show it from the class detail, so those refresh too. */
export function useUpdateSyllabus(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SyllabusInput) => updateSyllabus(courseId, input),
    onSuccess: (course) => {
      queryClient.setQueryData(courseKeys.info(courseId), course);
      void queryClient.invalidateQueries({ queryKey: classKeys.details() });
    },
  });
}
