/** Query keys of QR check-in: the college's QR rule and a meeting's current code. */
export const qrAttendanceKeys = {
  all: ['qr-attendance'] as const,
  rule: () => [...qrAttendanceKeys.all, 'rule'] as const,
  code: (meetingId: string) => [...qrAttendanceKeys.all, 'code', meetingId] as const,
};
