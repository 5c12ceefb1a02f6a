import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CollegeProfile, CollegeProfileUpdate } from '@lms/contract/college-profile.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { collegeLogoQuery } from '../../../lib/queries/get-college-logo.ts';
import { configurationQuery } from '../../../lib/queries/get-configuration.ts';
import { collegeProfileQuery } from './get-college-profile.ts';

/** PUT /v2/lms/perguruan_tinggi (operators with konfigurasi write). */
export async function saveCollegeProfile(body: CollegeProfileUpdate): Promise<CollegeProfile> {
  const response = await apiClient.put<{ data: CollegeProfile }>('/v2/lms/perguruan_tinggi', body);
  return response.data.data;
}

/** PUT /v2/lms/perguruan_tinggi/logo (multipart `logo`). */
export async function uploadCollegeLogo(file: File): Promise<CollegeProfile> {
  const form = new FormData();
  form.append('logo', file);
  const response = await apiClient.put<{ data: CollegeProfile }>('/v2/lms/perguruan_tinggi/logo', form);
  return response.data.data;
}

/** DELETE /v2/lms/perguruan_tinggi/logo: back to the initials logo. */
export async function removeCollegeLogo(): Promise<CollegeProfile> {
  const response = await apiClient.delete<{ data: CollegeProfile }>('/v2/lms/perguruan_tinggi/logo');
  return response.data.data;
}

/** Keeps the answer as the profile and refreshes the name and logo the shell shows (the logo revalidates). */
function useProfileChanged() {
  const queryClient = useQueryClient();
  return async (data: CollegeProfile) => {
    queryClient.setQueryData(collegeProfileQuery.queryKey, data);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: collegeLogoQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: configurationQuery.queryKey }),
    ]);
  };
}

export function useSaveCollegeProfile() {
  const onSuccess = useProfileChanged();
  return useMutation({ mutationFn: saveCollegeProfile, onSuccess });
}

export function useUploadCollegeLogo() {
  const onSuccess = useProfileChanged();
  return useMutation({ mutationFn: uploadCollegeLogo, onSuccess });
}

export function useRemoveCollegeLogo() {
  const onSuccess = useProfileChanged();
  return useMutation({ mutationFn: removeCollegeLogo, onSuccess });
}
