// What other areas may use of the group area: a student's group and a class's groups with members.
export { readClassGroupsAndStudents, readStudentGroup, readTaskGroup } from './task-group.service.ts';
export type { ClassStudentRow, GroupMemberRow } from './task-group.repository.ts';
