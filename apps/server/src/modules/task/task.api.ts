// What other areas may read of tasks: the dashboard calendar's deadlines of a month in the caller's classes.
export { findTaskDeadlinesInRange, type TaskDeadlineRow } from './task.repository.ts';
