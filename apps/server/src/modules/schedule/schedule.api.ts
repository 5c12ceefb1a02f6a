// What other areas may use of the schedule area: rooms, sessions and the clash finder.
export { findClashes } from './schedule.service.ts';
export { findRoomById, findSessionById } from './schedule.repository.ts';
