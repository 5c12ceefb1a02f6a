import { vidconStatusLabels, vidconStatuses } from '@lms/contract/vidcon.rules';
import { StatusFilteredListPage } from '../../../components/status-filtered-list-page.tsx';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { useMyVidcons } from '../api/list-my-vidcons.ts';
import { VidconCard } from '../components/vidcon-card.tsx';

/** /vidcon: the vidcons of the user's classes, newest first, by status. */
export function VidconListPage() {
  const timeZone = useTimeZone();
  return (
    <StatusFilteredListPage
      title="Vidcon"
      statuses={vidconStatuses}
      statusLabels={vidconStatusLabels}
      emptyText="Tidak ada vidcon pada kelas Anda."
      useList={useMyVidcons}
      card={(vidcon) => <VidconCard vidcon={vidcon} timeZone={timeZone} showClass />}
    />
  );
}
