// What other areas may use of the period area: the current academic period.
export { findCurrentPeriod } from './period.repository.ts';
