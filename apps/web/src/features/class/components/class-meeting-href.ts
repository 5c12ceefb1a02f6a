// Kept apart from the picker (antd Select) and the operators' table (antd Table) so the class page's
// meeting cards link without loading either.

/** Where a meeting of a class opens for students and lecturers. */
export function classMeetingHref(classId: string, meetingId: string): string {
  return `/kelas/${encodeURIComponent(classId)}/${encodeURIComponent(meetingId)}`;
}

/** Where operators open a meeting (the page without the class around it). */
export function operatorMeetingHref(meetingId: string): string {
  return `/pertemuan/${encodeURIComponent(meetingId)}`;
}
