// What other areas may use of the email area: where a college's mail goes, and sending it.
export { emailNotConfigured, findSmtpTarget, sendCollegeEmail, type EmailPlatform } from './email.service.ts';
export type { SmtpTarget } from './email-transport.ts';
