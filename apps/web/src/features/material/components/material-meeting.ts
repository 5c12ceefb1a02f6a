/** What the material screens need of the meeting they are on. */
export interface MaterialMeeting {
  id: string;
  nomor: number;
  kelasId: string;
  jenis: string;
  status: string;
  waktu_mulai: string;
  waktu_selesai: string;
  default_deadline_materi: string | null;
  timeZone: string;
  /** Lecturers add to this meeting; operators pick one of the class's meetings (spec 2 §6). */
  fixed: boolean;
  canEdit: boolean;
}
