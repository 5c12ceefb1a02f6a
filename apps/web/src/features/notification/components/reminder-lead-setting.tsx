import { Select, Skeleton } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reminderLeadHourChoices, reminderLeadText } from '@lms/contract/notification.rules';
import { useToasts } from '../../../components/toasts.tsx';
import { reminderLeadQuery, saveReminderLead } from '../api/reminder-lead.ts';

const followCollege = 'kampus';

/**
 * A student's own lead time for deadline and exam reminders, or the college's (the first choice, which
 * names it); saved as it is chosen.
 */
export function ReminderLeadSetting() {
  const { message } = useToasts();
  const queryClient = useQueryClient();
  const lead = useQuery(reminderLeadQuery);
  const save = useMutation({
    mutationFn: (jam: number | null) => saveReminderLead({ jam }),
    onSuccess: (saved) => {
      queryClient.setQueryData(reminderLeadQuery.queryKey, saved);
      void message.success('Waktu pengingat disimpan.');
    },
    onError: (error) => void message.error((error as Error).message),
  });
  if (lead.isPending) return <Skeleton.Input active />;
  if (lead.isError) return null;
  const { jam, jam_kampus: college } = lead.data;

  return (
    <div className="reminder-lead-setting">
      <label htmlFor="reminder-lead">Ingatkan saya sebelum tenggat tugas dan ujian dimulai</label>
      <Select<string>
        id="reminder-lead"
        value={jam === null ? followCollege : String(jam)}
        disabled={save.isPending}
        onChange={(value) => save.mutate(value === followCollege ? null : Number(value))}
        options={[
          { value: followCollege, label: `Ikuti kampus (${reminderLeadText(college)} sebelumnya)` },
          ...reminderLeadHourChoices.map((hours) => ({
            value: String(hours),
            label: `${reminderLeadText(hours)} sebelumnya`,
          })),
        ]}
      />
    </div>
  );
}
