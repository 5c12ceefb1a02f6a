/**
 * Query keys of the reference lists (periods, study programs, courses, campuses, rooms, sessions): each is
 * fetched once for the whole app from `lib/queries/` and shared by every screen that offers it.
 */
export const referenceKeys = {
  all: ['reference'] as const,
  periods: () => [...referenceKeys.all, 'periods'] as const,
  studyPrograms: () => [...referenceKeys.all, 'study-programs'] as const,
  courses: (idProdi: string | undefined) => [...referenceKeys.all, 'courses', idProdi ?? null] as const,
  campuses: () => [...referenceKeys.all, 'campuses'] as const,
  rooms: () => [...referenceKeys.all, 'rooms'] as const,
  sessions: () => [...referenceKeys.all, 'sessions'] as const,
  /** The college's upload size limits (GET /v2/lms/pengaturan); saving the settings invalidates `all`. */
  uploadLimits: () => [...referenceKeys.all, 'upload-limits'] as const,
};

/** Reference lists are asked for whole (spec 1 §9). */
export const referencePageSize = 999_999;

/** How long a reference list is reused before it is asked again; they change a few times a term. */
export const referenceStaleTime = 30 * 60_000;
