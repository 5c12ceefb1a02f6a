import { queryOptions } from '@tanstack/react-query';
import type { ReminderLead, ReminderLeadInput } from '@lms/contract/notification.schema';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /v2/lms/notifikasi/pengingat: the student's own reminder lead time and the college's. */
export const reminderLeadQuery = queryOptions({
  queryKey: ['notifications', 'reminder-lead'],
  queryFn: async () =>
    (await apiClient.get<{ data: ReminderLead }>('/v2/lms/notifikasi/pengingat')).data.data,
});

/** PUT /v2/lms/notifikasi/pengingat: a lead time from the list, or null to follow the college's. */
export async function saveReminderLead(input: ReminderLeadInput): Promise<ReminderLead> {
  return (await apiClient.put<{ data: ReminderLead }>('/v2/lms/notifikasi/pengingat', input)).data.data;
}
