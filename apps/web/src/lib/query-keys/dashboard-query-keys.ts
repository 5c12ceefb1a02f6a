/** Query keys of the dashboard's tiles and calendar; meeting changes invalidate `all`. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  statistics: () => [...dashboardKeys.all, 'statistics'] as const,
  calendar: (start: string, end: string) => [...dashboardKeys.all, 'calendar', start, end] as const,
};
