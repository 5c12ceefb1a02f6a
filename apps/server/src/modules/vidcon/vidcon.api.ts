// What other areas may read of vidcons: the dashboard calendar's vidcons of a month in the caller's classes.
export { findVidconsInRange, type VidconCalendarRow } from './vidcon.repository.ts';
