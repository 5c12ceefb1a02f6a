// What tests that read the demo seed rely on. Tests that build their own world use factories.ts instead.

/** The demo class that `mahasiswa` and `dosen` share (dosen is its main teacher and course coordinator). */
export const sharedClassId = '20261_01_IF2102';
