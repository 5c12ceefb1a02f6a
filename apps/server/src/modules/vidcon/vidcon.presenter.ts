import { isVidconJoinLate, vidconStatus } from '@lms/contract/vidcon.rules';
import type { Vidcon } from '@lms/contract/vidcon.schema';
import type { VidconJoinRow, VidconRow } from './vidcon.repository.ts';
import { presentContentPlace } from '../meeting/meeting.api.ts';

/** A vidcon as the API answers it; the join list only for those who run the class. */
export function presentVidcon(
  row: VidconRow,
  context: {
    now: Date;
    viewerId: string;
    canWrite: boolean;
    canJoin: boolean;
    seesJoins: boolean;
    students: number;
    joins: VidconJoinRow[];
    lateMinutes: number;
  },
): Vidcon {
  const late = (join: VidconJoinRow) =>
    join.role === 'mahasiswa' && isVidconJoinLate(join.joinedAt, row.waktuMulai, context.lateMinutes);
  const own = context.joins.find((j) => j.userId === context.viewerId);
  const status = vidconStatus(context.now, row.waktuMulai, row.waktuSelesai);
  return {
    id: row.id,
    ...presentContentPlace(row),
    judul: row.judul,
    aplikasi: row.aplikasi,
    link: row.link,
    catatan: row.catatan,
    status,
    waktu_mulai: row.waktuMulai.toISOString(),
    waktu_selesai: row.waktuSelesai.toISOString(),
    jumlah_peserta: context.students,
    jumlah_peserta_join: context.joins.filter((j) => j.role === 'mahasiswa').length,
    daftar_join_detail: context.seesJoins
      ? context.joins.map((j) => ({
          role: j.role,
          username: j.username,
          nama: j.nama,
          waktu_join: j.joinedAt.toISOString(),
          terlambat: late(j),
        }))
      : [],
    join_saya: own ? { waktu_join: own.joinedAt.toISOString(), terlambat: late(own) } : null,
    akses: {
      ubah: context.canWrite,
      hapus: context.canWrite,
      gabung: context.canJoin && status !== 'selesai',
    },
  };
}
