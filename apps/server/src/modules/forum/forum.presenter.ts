import { forumStatus, mayPostInForum } from '@lms/contract/forum.rules';
import type { Forum, ForumPost } from '@lms/contract/forum.schema';
import { avatarUrl } from '../../platform/file-storage.ts';
import type { ForumAttachmentRow, ForumPostRow, ForumRow } from './forum.repository.ts';
import { presentContentPlace } from '../meeting/meeting.api.ts';

type JoinRow = { userId: string; role: string; username: string; joinedAt: Date };

/** A forum as the API answers it; the join list only for those who run the class. */
export function presentForum(
  row: ForumRow,
  context: {
    now: Date;
    role: string;
    canWrite: boolean;
    member: boolean;
    seesJoins: boolean;
    students: number;
    joins: JoinRow[];
    ownPosts: number | null;
  },
): Forum {
  const status = forumStatus(context.now, row.waktuMulai, row.waktuSelesai);
  return {
    id: row.id,
    ...presentContentPlace(row),
    judul: row.judul,
    deskripsi: row.deskripsi,
    waktu_mulai: row.waktuMulai.toISOString(),
    waktu_selesai: row.waktuSelesai.toISOString(),
    status,
    penilaian_keaktifan: row.penilaianKeaktifan,
    minimal_post: row.minimalPost,
    jumlah_peserta: context.students,
    jumlah_peserta_join: context.joins.filter((j) => j.role === 'mahasiswa').length,
    daftar_join_detail: context.seesJoins
      ? context.joins.map((j) => ({
          role: j.role,
          username: j.username,
          waktu_join: j.joinedAt.toISOString(),
        }))
      : [],
    id_group_chat: row.kelasId,
    id_forum_chat: row.id,
    post_saya: context.ownPosts,
    akses: {
      ubah: context.canWrite,
      hapus: context.canWrite,
      posting: (context.member || context.canWrite) && mayPostInForum(context.role, status),
    },
  };
}

/** A post as the API answers it: deleted posts keep their place but not their text. */
export function presentForumPost(
  row: ForumPostRow,
  context: {
    viewerId: string;
    collegeId: string;
    forumId: string;
    canPost: boolean;
    attachments: ForumAttachmentRow[];
  },
): ForumPost {
  const own = row.authorId === context.viewerId && !row.deletedAt;
  return {
    id: row.id,
    parent_id: row.parentId,
    isi: row.deletedAt ? '' : row.isi,
    dihapus: !!row.deletedAt,
    diubah: !row.deletedAt && row.updatedAt.getTime() - row.createdAt.getTime() > 1000,
    penulis: {
      id: row.authorId,
      nama: row.nama,
      role: row.role,
      avatar_url: avatarUrl(row.avatarKey, context.collegeId),
    },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    lampiran: row.deletedAt
      ? []
      : context.attachments.map((a) => ({
          id: a.id,
          nama: a.fileName,
          ukuran: a.fileSize,
          tipe: a.contentType,
          url: `/v2/lms/forum/${context.forumId}/lampiran/${a.id}`,
        })),
    akses: { ubah: own && context.canPost, hapus: own },
  };
}
