import { Link } from 'react-router';
import { useOnlineStatus } from '../../features/material/components/use-online-status.ts';

/** The text of the offline banner (issue 44 §4), letter for letter. */
export const offlineBannerText =
  'Anda sedang luring. Hanya materi yang tersimpan di perangkat yang dapat dibuka.';

/** A thin line above the page while the browser has no connection, with the way to the kept materials. */
export function OfflineBanner({ student }: { student: boolean }) {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      <span>{offlineBannerText}</span>
      {student ? (
        <Link className="offline-banner__link" to="/materi-tersimpan">
          Materi Tersimpan
        </Link>
      ) : null}
    </div>
  );
}
