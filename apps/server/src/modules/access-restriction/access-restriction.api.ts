// What other areas may use of the access restrictions: the caller's status.
export { checkAccessRestrictions } from './access-restriction.service.ts';
