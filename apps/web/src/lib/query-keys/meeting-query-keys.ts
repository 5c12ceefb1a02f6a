/**
 * Query keys of meetings (GET /v2/lms/pertemuan/{id}, GET /v2/lms/kelas_kuliah/{id}/pertemuan). A
 * meeting change invalidates `lists()`, which holds every list of meetings whichever screen shows it.
 */
export const meetingKeys = {
  all: ['meetings'] as const,
  lists: () => [...meetingKeys.all, 'list'] as const,
  /** Every list of one class's meetings (Data Pertemuan, Pilih Pertemuan, the activity-log filter). */
  classLists: (classId: string) => [...meetingKeys.lists(), 'class', classId] as const,
  classList: (classId: string, params: object) => [...meetingKeys.classLists(classId), params] as const,
  details: () => [...meetingKeys.all, 'detail'] as const,
  detail: (id: string) => [...meetingKeys.details(), id] as const,
  /** Rooms with their availability around a meeting's time; a saved meeting books or frees one. */
  roomAvailabilities: () => [...meetingKeys.all, 'room-availability'] as const,
  roomAvailability: (range: object) => [...meetingKeys.roomAvailabilities(), range] as const,
};
