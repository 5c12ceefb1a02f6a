/**
 * Spec 1's biodata validation, as pure functions shared by the profile form and the server: phone
 * starts with 0, has at least 10 characters and no double slash; NIK at least 16 characters; a student
 * at least 15 years old and a parent at least 30 (the latest allowed birth dates derive from these).
 */

export const minimumStudentAge = 15;
export const minimumParentAge = 30;
export const minimumPhoneLength = 10;
export const maximumPhoneLength = 20;
export const minimumNikLength = 16;
export const maximumNikLength = 20;

export const studentBiodataMessages = {
  phone: `Nomor telepon harus diawali 0, minimal ${minimumPhoneLength} karakter, dan tidak memuat "//".`,
  phoneTooLong: `Nomor telepon maksimal ${maximumPhoneLength} karakter.`,
  email: 'Alamat email tidak valid.',
  nik: `NIK harus berupa angka, minimal ${minimumNikLength} karakter.`,
  nikTooLong: `NIK maksimal ${maximumNikLength} karakter.`,
  date: 'Tanggal harus berformat YYYY-MM-DD.',
  studentAge: (latest: string) =>
    `Usia mahasiswa minimal ${minimumStudentAge} tahun (tanggal lahir paling lambat ${latest}).`,
  parentAge: (latest: string) =>
    `Usia orang tua minimal ${minimumParentAge} tahun (tanggal lahir paling lambat ${latest}).`,
  editNotAllowed: 'Perguruan tinggi tidak mengizinkan mahasiswa mengubah biodata.',
} as const;

/** Spec 1's phone rule: starts with 0, at least 10 characters, no double slash; digits and - / space. */
export function isValidPhone(phone: string): boolean {
  return (
    phone.startsWith('0') &&
    phone.length >= minimumPhoneLength &&
    !phone.includes('//') &&
    /^[0-9 /-]+$/.test(phone)
  );
}

/** Spec 1's NIK rule: at least 16 characters (Indonesian NIKs are digits). */
export function isValidNik(nik: string): boolean {
  return nik.length >= minimumNikLength && /^[0-9]+$/.test(nik);
}

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(text: string): boolean {
  const match = datePattern.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The latest birth date (YYYY-MM-DD) of someone at least `minimumAge` years old on `today`
 * (YYYY-MM-DD): the same day `minimumAge` years earlier; 29 February falls back to 28 February.
 */
export function latestBirthDate(today: string, minimumAge: number): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year - minimumAge, month - 1, day));
  if (date.getUTCMonth() !== month - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

/** Whether someone born on `birthDate` is at least `minimumAge` years old on `today` (both YYYY-MM-DD). */
export function isOldEnough(birthDate: string, today: string, minimumAge: number): boolean {
  return birthDate <= latestBirthDate(today, minimumAge);
}

/** The date (YYYY-MM-DD) at `now` in a time zone: "today" of the age rules, on the college's calendar. */
export function dateInTimeZone(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
