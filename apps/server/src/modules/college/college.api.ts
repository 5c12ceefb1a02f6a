// What other areas may use of the college area: the generated logo's initials and colour (reports).
export { collegeInitials, initialsLogoHue } from './college.service.ts';
