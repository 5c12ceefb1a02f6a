import { useCrumbLabel } from './route-handle.ts';

/** What a class crumb is named from: the class detail and a meeting's `kelas_kuliah` both carry it. */
export interface ClassCrumbSource {
  mata_kuliah: { nama: string };
  kelas: { nama: string };
}

/** A class's crumb label: course and class, 'Basis Data A'. */
export function classCrumbLabel(klass: ClassCrumbSource): string {
  return `${klass.mata_kuliah.nama} ${klass.kelas.nama}`;
}

/**
 * Names the crumb of /kelas/{classId} (the id as in the address) with the class once it is loaded, so the
 * class page, its profile and its meetings all show the same label instead of the route's 'Detail Kelas'.
 */
export function useClassCrumbLabel(klass: ClassCrumbSource | undefined, classId: string): void {
  useCrumbLabel(klass ? classCrumbLabel(klass) : undefined, `/kelas/${encodeURIComponent(classId)}`);
}
