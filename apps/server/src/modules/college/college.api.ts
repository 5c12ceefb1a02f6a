// What other areas may use of the college area: the logo's initials and colour (reports).
export { collegeColorHex, collegeInitials } from './college.service.ts';
