/** Query keys of the people searches (lecturers, students) behind the search selects. */
export const directoryKeys = {
  all: ['directory'] as const,
  lecturers: (search: string) => [...directoryKeys.all, 'lecturers', search] as const,
  students: (search: string) => [...directoryKeys.all, 'students', search] as const,
};
