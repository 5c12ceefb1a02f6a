import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StudentBiodata, StudentBiodataInput } from '@lms/contract/student-biodata.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/query-keys/account-query-keys.ts';

/** GET /v2/lms/biodata: the signed-in student's biodata and whether the college lets them edit it. */
export async function getStudentBiodata(): Promise<StudentBiodata> {
  const response = await apiClient.get<{ data: StudentBiodata }>('/v2/lms/biodata');
  return response.data.data;
}

export const studentBiodataQuery = queryOptions({
  queryKey: ['biodata-mahasiswa'],
  queryFn: getStudentBiodata,
});

export function useStudentBiodata() {
  return useQuery(studentBiodataQuery);
}

/** PUT /v2/lms/biodata. */
export async function saveStudentBiodata(body: StudentBiodataInput): Promise<StudentBiodata> {
  const response = await apiClient.put<{ data: StudentBiodata }>('/v2/lms/biodata', body);
  return response.data.data;
}

/** Saves the biodata; the profile shows the phone and email it also changes. */
export function useSaveStudentBiodata() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStudentBiodata,
    onSuccess: async (data) => {
      queryClient.setQueryData(studentBiodataQuery.queryKey, data);
      await queryClient.invalidateQueries({ queryKey: accountKeys.profile() });
    },
  });
}
