import { demoStudyPrograms } from './demo-university.data.ts';
import type { DemoContext } from './demo-seed.context.ts';

// The program heads who sign the demo's attendance reports (fictional names and numbers).
const heads: Record<string, { nama: string; nip: string }> = {
  IF: { nama: 'Dr. Hendra Gunawan, S.Kom., M.T.', nip: '197803122005011002' },
  SI: { nama: 'Dr. Sri Wahyuni, S.Kom., M.Kom.', nip: '198104252008012011' },
};

/** The signatory of every demo study program (penandatangan prodi); no random draws, so other areas' data stay as they are. */
export function addDemoSignatories(ctx: DemoContext, operatorId: string): void {
  demoStudyPrograms.forEach((p, i) => {
    const head = heads[p.key] ?? {
      nama: `Dr. Kepala Prodi ${p.nama}`,
      nip: `19800101200501${String(1000 + i).slice(-4)}`,
    };
    ctx.rows.programSignatories.push({
      collegeId: ctx.collegeId,
      prodiId: ctx.prodiId(p.key),
      jabatan: 'Ketua Program Studi',
      nama: head.nama,
      nip: head.nip,
      nidn: null,
      updatedBy: operatorId,
      updatedAt: ctx.createdAt,
    });
  });
}
