import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClassGroups, GroupForm, GroupForming, TaskGroup } from '@lms/contract/task-group.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { taskGroupKeys } from '../../../lib/query-keys/task-query-keys.ts';

const classUrl = (classId: string) => `/v2/lms/kelas_kuliah/${encodeURIComponent(classId)}/kelompok`;

/** POST /v2/lms/kelas_kuliah/{id}/kelompok: one group. */
export async function createGroup({
  classId,
  form,
}: {
  classId: string;
  form: GroupForm;
}): Promise<TaskGroup> {
  return (await apiClient.post<{ data: TaskGroup }>(classUrl(classId), form)).data.data;
}

/** POST /v2/lms/kelas_kuliah/{id}/kelompok/bentuk: the whole class at once. */
export async function formGroups({
  classId,
  input,
}: {
  classId: string;
  input: GroupForming;
}): Promise<ClassGroups> {
  return (await apiClient.post<{ data: ClassGroups }>(`${classUrl(classId)}/bentuk`, input)).data.data;
}

/** PUT /v2/lms/kelompok/{id}: rename. */
export async function renameGroup({ id, nama }: { id: string; nama: string }): Promise<TaskGroup> {
  return (await apiClient.put<{ data: TaskGroup }>(`/v2/lms/kelompok/${id}`, { nama })).data.data;
}

/** DELETE /v2/lms/kelompok/{id}. */
export async function deleteGroup(id: string): Promise<void> {
  await apiClient.delete(`/v2/lms/kelompok/${id}`);
}

/** POST /v2/lms/kelompok/{id}/anggota. */
export async function addMember({ id, nim }: { id: string; nim: string }): Promise<TaskGroup> {
  return (await apiClient.post<{ data: TaskGroup }>(`/v2/lms/kelompok/${id}/anggota`, { nim })).data.data;
}

/** DELETE /v2/lms/kelompok/{id}/anggota/{nim}: Hapus Anggota. */
export async function removeMember({ id, nim }: { id: string; nim: string }): Promise<TaskGroup> {
  return (
    await apiClient.delete<{ data: TaskGroup }>(`/v2/lms/kelompok/${id}/anggota/${encodeURIComponent(nim)}`)
  ).data.data;
}

/** PUT /v2/lms/kelompok/{id}/ketua: Jadikan Ketua Kelompok. */
export async function makeLeader({ id, nim }: { id: string; nim: string }): Promise<TaskGroup> {
  return (await apiClient.put<{ data: TaskGroup }>(`/v2/lms/kelompok/${id}/ketua`, { nim })).data.data;
}

/** A group change, refreshing the class's groups. */
export function useGroupMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskGroupKeys.all }),
  });
}
