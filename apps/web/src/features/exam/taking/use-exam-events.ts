import { useEffect, useRef } from 'react';
import { getCollegeId } from '../../../lib/college.ts';
import { subscribeTokens } from '../../../lib/session/token-store.ts';
import { examAccessToken } from './exam-http.ts';

/**
 * Follows the exam's event stream (`/v2/lms/events/ujian/{id}`) and calls `onTimeChanged` on each
 * `time_changed`, as lib/use-authorized-event-source.ts does for the app (token and college in the
 * query, since EventSource sends no headers; a refreshed token reopens the stream, signing out closes it)
 * without the app's token refresh in the exam page's first bundle.
 */
export function useExamTimeEvents(examId: string, onTimeChanged: () => void, enabled: boolean): void {
  const latest = useRef(onTimeChanged);
  useEffect(() => {
    latest.current = onTimeChanged;
  });
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let closed = false;
    const open = async () => {
      source?.close();
      const token = await examAccessToken().catch(() => null);
      if (closed || !token) return;
      const search = new URLSearchParams({ access_token: token });
      const collegeId = getCollegeId();
      if (collegeId) search.set('college-id', collegeId);
      source = new EventSource(`/v2/lms/events/ujian/${examId}?${search.toString()}`);
      source.addEventListener('time_changed', () => latest.current());
    };
    void open();
    const unsubscribe = subscribeTokens((tokens, reason) => {
      if (!tokens) source?.close();
      else if (reason !== 'sign-in') void open();
    });
    return () => {
      closed = true;
      unsubscribe();
      source?.close();
    };
  }, [examId, enabled]);
}
