import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  demoSiakadClassInputSchema,
  demoSiakadClassSchema,
  demoSiakadValueInputSchema,
} from '@lms/contract/grade.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { gradeKeys } from '../../../lib/query-keys/grade-query-keys.ts';

export type DemoSiakadClass = z.infer<typeof demoSiakadClassSchema>;
const path = (classId: string) => `/v2/dev/siakad/kelas_kuliah/${encodeURIComponent(classId)}`;

/** GET /v2/dev/siakad/kelas_kuliah/{id}: the demo SIAKAD's view of a class. */
export async function getDemoSiakadClass(classId: string): Promise<DemoSiakadClass> {
  const response = await apiClient.get<{ data: DemoSiakadClass }>(path(classId));
  return response.data.data;
}

/** The demo SIAKAD's view of a class. */
export function useDemoSiakadClass(classId: string) {
  return useQuery({ queryKey: gradeKeys.demoSiakad(classId), queryFn: () => getDemoSiakadClass(classId) });
}

/** PUT …: opens/closes the entry window, locks/unlocks the class. */
export async function updateDemoSiakadClass(input: {
  classId: string;
  change: z.input<typeof demoSiakadClassInputSchema>;
}): Promise<DemoSiakadClass> {
  const response = await apiClient.put<{ data: DemoSiakadClass }>(path(input.classId), input.change);
  return response.data.data;
}

/** PUT …/nilai: changes a value "in SIAKAD". */
export async function changeDemoSiakadValue(input: {
  classId: string;
  value: z.input<typeof demoSiakadValueInputSchema>;
}): Promise<DemoSiakadClass> {
  const response = await apiClient.put<{ data: DemoSiakadClass }>(
    `${path(input.classId)}/nilai`,
    input.value,
  );
  return response.data.data;
}

/** Both demo SIAKAD changes; the recap reloads after each. */
export function useDemoSiakadMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: ['grades'] });
  const onSettled = (_: unknown, __: unknown, input: { classId: string }) =>
    queryClient.invalidateQueries({ queryKey: gradeKeys.demoSiakad(input.classId) });
  return {
    update: useMutation({ mutationFn: updateDemoSiakadClass, onSuccess, onSettled }),
    change: useMutation({ mutationFn: changeDemoSiakadValue, onSuccess, onSettled }),
  };
}
