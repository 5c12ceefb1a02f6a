import { formatActivityValue, readActivityChanges, secretChangeText } from '@lms/contract/activity-log.rules';
import './activity-changes.css';

/**
 * What an activity-log entry's context says beyond its detail: an operator's changes, one
 * 'Kapasitas: 40 → 45' a line (the new value bold; a secret only '(diubah)'), and a recalculation's scope ('Cakupan: …'). Nothing for entries without them.
 */
export function ActivityChanges({ context }: { context: Record<string, unknown> }) {
  const changes = readActivityChanges(context);
  const cakupan = typeof context['cakupan'] === 'string' ? context['cakupan'].trim() : '';
  if (changes.length === 0 && !cakupan) return null;
  return (
    <ul className="activity-changes" aria-label="Perubahan">
      {changes.map((change) => (
        <li key={change.field}>
          <span className="activity-changes__label">{change.label}:</span>{' '}
          {change.rahasia ? (
            <span className="activity-changes__new">{secretChangeText}</span>
          ) : (
            <>
              <span className="activity-changes__old">{formatActivityValue(change.lama)}</span>
              <span className="activity-changes__arrow">{' → '}</span>
              <span className="activity-changes__new">{formatActivityValue(change.baru)}</span>
            </>
          )}
        </li>
      ))}
      {cakupan ? (
        <li>
          <span className="activity-changes__label">Cakupan:</span> {cakupan}
        </li>
      ) : null}
    </ul>
  );
}
