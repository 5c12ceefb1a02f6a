// What other areas may use of the period area: the current academic period, and making the period
// that holds today current (a semester load that brings it).
export { findCurrentPeriod, followCalendarPeriod } from './period.repository.ts';
