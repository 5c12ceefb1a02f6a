/** How the displayed server time is kept: the `time` event, else the `Date` header of answers. */
type ClockSource = 'event' | 'date-header' | 'browser';

let offsetMs = 0;
let source: ClockSource = 'browser';
let lastEventAt = 0;
const eventStaleMs = 90_000;

/** The server's current time, as best known (epoch ms). */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** Sets the clock from the server's `time` event. */
export function setServerTimeFromEvent(serverEpochMs: number): void {
  offsetMs = serverEpochMs - Date.now();
  source = 'event';
  lastEventAt = Date.now();
}

/** Uses an answer's `Date` header, but only while the event stream is missing or silent. */
export function observeDateHeader(header: string | null | undefined): void {
  if (!header) return;
  if (source === 'event' && Date.now() - lastEventAt < eventStaleMs) return;
  const parsed = Date.parse(header);
  if (Number.isNaN(parsed)) return;
  // The header has whole seconds; half a second is the expected truncation.
  offsetMs = parsed + 500 - Date.now();
  source = 'date-header';
}
