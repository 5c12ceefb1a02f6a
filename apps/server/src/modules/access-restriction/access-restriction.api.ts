// What other areas may use of the access restrictions: the caller's status, and the exam-attendance
// requirement of one UTS/UAS (the exam area checks it when an attempt starts).
export { checkAccessRestrictions, checkExamAttendance } from './access-restriction.service.ts';
