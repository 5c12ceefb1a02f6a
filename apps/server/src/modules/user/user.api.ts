// What other areas may use of the user area: a lecturer a route's path names (`lecturerResource.of(request)`).
export { lecturerResource } from './user.resource.ts';
