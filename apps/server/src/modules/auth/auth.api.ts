// What other areas may use of the auth area: who may act for a student.
export { assertCanActForStudent } from './auth.policy.ts';
