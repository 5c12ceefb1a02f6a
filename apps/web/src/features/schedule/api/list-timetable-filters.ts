import type { Room } from '@lms/contract/meeting.schema';
import { type CourseRef, useCourses } from '../../../lib/queries/list-courses.ts';
import { type PeriodRef, usePeriods } from '../../../lib/queries/list-periods.ts';
import { useRooms } from '../../../lib/queries/list-rooms.ts';
import { type StudyProgramRef, useStudyPrograms } from '../../../lib/queries/list-study-programs.ts';

/** The operator's filter options: periods, study programs, courses and rooms. */
export interface TimetableFilterOptions {
  periods: PeriodRef[];
  programs: StudyProgramRef[];
  courses: CourseRef[];
  rooms: Room[];
}

/**
 * The filter options, only fetched for operators; the reference lists are the app's shared ones, so a
 * class list or activity log opened before has already loaded them.
 */
export function useTimetableFilters(enabled: boolean) {
  const periods = usePeriods(enabled);
  const programs = useStudyPrograms(enabled);
  const courses = useCourses(undefined, enabled);
  const rooms = useRooms(enabled);
  const data: TimetableFilterOptions | undefined =
    periods.data && programs.data && courses.data && rooms.data
      ? { periods: periods.data, programs: programs.data, courses: courses.data, rooms: rooms.data }
      : undefined;
  return {
    data,
    isLoading: periods.isLoading || programs.isLoading || courses.isLoading || rooms.isLoading,
  };
}
