import type { ClassDetail } from '@lms/contract/class.schema';

/** What each dialog of the class page is given: the class it is about, whether it is open, how to close it. */
export interface ClassModalProps {
  detail: ClassDetail;
  open: boolean;
  onClose(): void;
}
