import { chatMessages as texts } from '@lms/contract/chat.rules';
import type { ChatGroup, ChatMember, ChatMessage, ChatUnread } from '@lms/contract/chat.schema';
import type { ChatGroupRow, ChatMessageRow } from './chat.repository.ts';

/** A group with its members. */
export function presentChatGroup(group: ChatGroupRow, members: ChatMember[]): ChatGroup {
  return {
    id: group.id,
    name: group.nama,
    usage: group.usage,
    jenis: group.jenis,
    id_kelas_kuliah: group.kelasId,
    members: members.map((m) => ({ id: m.id, role: m.role, nama: m.nama, nim: m.nim ?? null })),
  };
}

/** A message as the thread shows it; a deleted one keeps its place without its text. */
export function presentChatMessage(row: ChatMessageRow, viewerId: string): ChatMessage {
  const deleted = row.deletedAt !== null;
  return {
    id: row.id,
    isi: deleted ? texts.messageDeleted : row.isi,
    pengirim: {
      id: row.author.id,
      nama: row.author.nama,
      role: row.author.role === 'mahasiswa' ? 'Mahasiswa' : 'Dosen',
    },
    waktu_kirim: row.createdAt.toISOString(),
    dihapus: deleted,
    milik_saya: row.author.id === viewerId,
  };
}

/** One unread counter. */
export function presentUnread(row: { key: string; jumlah: number; lastChatAt: Date | null }): ChatUnread {
  return { id: row.key, jumlah: row.jumlah, waktu_chat_terakhir: row.lastChatAt?.toISOString() ?? null };
}
