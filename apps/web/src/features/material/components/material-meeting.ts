import type { ContentFormMeeting } from '../../../components/meeting-content-list.tsx';

/** What the material screens need of the meeting they are on: a content form's, and its kind and state. */
export interface MaterialMeeting extends ContentFormMeeting {
  jenis: string;
  status: string;
  default_deadline_materi: string | null;
}
