// What other areas may use of the access restrictions: the caller's status, and the exam-attendance
// requirement of one UTS/UAS (the exam area checks it when an attempt starts: whole, or its rule and
// judgment around counts the start read itself).
export {
  checkAccessRestrictions,
  checkExamAttendance,
  examAttendanceRule,
  judgeExamAttendance,
} from './access-restriction.service.ts';
