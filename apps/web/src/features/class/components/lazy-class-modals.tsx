import { lazyModal } from '../../../components/lazy-modal.tsx';

// The class page's dialogs, each fetched the first time it opens: most visitors (students above all)
// open none, and together they hold the class page's forms, selects, uploads and tables.

/** Profil Kelas. */
export const LazyClassProfileModal = lazyModal(
  async () => (await import('./class-profile-modal.tsx')).ClassProfileModal,
);
/** Unduh BAP (lecturers and operators). */
export const LazyBapDownloadModal = lazyModal(
  async () => (await import('./bap-download-modal.tsx')).BapDownloadModal,
);
/** Pengaturan Kelas (banner upload). */
export const LazyClassSettingsModal = lazyModal(
  async () => (await import('./class-settings-modal.tsx')).ClassSettingsModal,
);
/** Ubah Data Kelas. */
export const LazyClassDataModal = lazyModal(
  async () => (await import('./class-data-modal.tsx')).ClassDataModal,
);
/** Ubah Ketua Kelas. */
export const LazyClassHeadModal = lazyModal(
  async () => (await import('./class-head-modal.tsx')).ClassHeadModal,
);
/** Ubah Jabatan of the class's teachers. */
export const LazyTeacherRoleModal = lazyModal(
  async () => (await import('./teacher-role-modal.tsx')).TeacherRoleModal,
);
/** Silabus (course info, RPS and evaluation plan tables). */
export const LazySyllabusDataModal = lazyModal(
  async () => (await import('./syllabus-data-modal.tsx')).SyllabusDataModal,
);
/** Ubah Silabus. */
export const LazySyllabusModal = lazyModal(async () => (await import('./syllabus-modal.tsx')).SyllabusModal);
/** Data Peserta. */
export const LazyClassMembersModal = lazyModal(
  async () => (await import('./class-members-modal.tsx')).ClassMembersModal,
);
