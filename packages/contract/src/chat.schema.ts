import { z } from 'zod';
import { dataOf } from './api-envelope.schema.ts';
import { chatGroupMaxMembers, chatMessageMaxLength, unreadActions } from './chat.rules.ts';

/** Group ids are ours (`LMS-…`, or generated); kept to URL-safe characters. */
export const chatGroupIdSchema = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[A-Za-z0-9._-]+$/, 'Id grup tidak valid');
/** Thread ids carry the comment identity of spec 1 §9 (`komentar-…__…`). */
export const chatThreadIdSchema = z
  .string()
  .min(1)
  .max(240)
  .regex(/^[A-Za-z0-9._-]+$/, 'Id percakapan tidak valid');

export const chatGroupParamsSchema = z.object({ groupId: chatGroupIdSchema });
export const chatThreadParamsSchema = z.object({ groupId: chatGroupIdSchema, threadId: chatThreadIdSchema });
export const chatMessageParamsSchema = chatThreadParamsSchema.extend({ pesanId: z.uuid() });

/** A member of a chat group (spec 1 §3: id and role Mahasiswa or Dosen). */
export const chatMemberSchema = z.object({
  id: z.string(),
  role: z.enum(['Mahasiswa', 'Dosen']),
  nama: z.string(),
  nim: z.string().nullable(),
});
export type ChatMember = z.infer<typeof chatMemberSchema>;

/** A chat group: its kind says where its members come from (stored, or the content's class). */
export const chatGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  usage: z.string(),
  jenis: z.enum(['kelas', 'komentar', 'kelompok']),
  id_kelas_kuliah: z.string(),
  members: z.array(chatMemberSchema),
});
export type ChatGroup = z.infer<typeof chatGroupSchema>;
export const chatGroupResponseSchema = dataOf(chatGroupSchema);

/** POST /v2/chat/group and /v2/chat/group/{id}: name, usage, the students' numbers and the class. */
export const chatGroupInputSchema = z.object({
  name: z.string().trim().min(1, 'Nama grup wajib diisi').max(100),
  usage: z.literal('lms').default('lms'),
  members: z.array(z.string().trim().min(1).max(30)).max(chatGroupMaxMembers),
  id_kelas_kuliah: z.string().min(1).max(100),
});
export type ChatGroupInput = z.infer<typeof chatGroupInputSchema>;

export const chatMessageSchema = z.object({
  id: z.string(),
  /** Sanitised rich text; empty once deleted. */
  isi: z.string(),
  pengirim: z.object({ id: z.string(), nama: z.string(), role: z.enum(['Mahasiswa', 'Dosen']) }),
  waktu_kirim: z.string(),
  dihapus: z.boolean(),
  milik_saya: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatThreadSchema = z.object({
  id: z.string(),
  id_group: z.string(),
  judul: z.string().nullable(),
  /** Oldest first; the latest `chatPageSize` unless `sebelum` asks for older ones. */
  pesan: z.array(chatMessageSchema),
  ada_sebelumnya: z.boolean(),
  akses: z.object({ kirim: z.boolean() }),
});
export type ChatThread = z.infer<typeof chatThreadSchema>;
export const chatThreadResponseSchema = dataOf(chatThreadSchema);
export const chatThreadQuerySchema = z.object({ sebelum: z.iso.datetime({ offset: true }).optional() });

/** POST …/thread and …/thread/{threadId}: a thread's id (when creating) and title. */
export const chatThreadInputSchema = z.object({
  id: chatThreadIdSchema.optional(),
  judul: z.string().trim().max(200).nullable(),
});
export type ChatThreadInput = z.infer<typeof chatThreadInputSchema>;

export const chatMessageInputSchema = z.object({ isi: z.string().max(chatMessageMaxLength * 2) });
export type ChatMessageInput = z.infer<typeof chatMessageInputSchema>;
export const chatMessageResponseSchema = dataOf(chatMessageSchema);

/** The caller's unread counter and last chat time of one thread key. */
export const chatUnreadSchema = z.object({
  id: z.string(),
  jumlah: z.number().int(),
  waktu_chat_terakhir: z.string().nullable(),
});
export type ChatUnread = z.infer<typeof chatUnreadSchema>;
export const chatUnreadListResponseSchema = dataOf(z.array(chatUnreadSchema));
export const chatUnreadResponseSchema = dataOf(chatUnreadSchema);

/** PUT /v2/chat/unread: set, increment by one or reset a counter; optionally the last chat time. */
export const chatUnreadInputSchema = z.object({
  id: z.string().min(1).max(400),
  aksi: z.enum(unreadActions),
  jumlah: z.number().int().min(0).max(100_000).optional(),
  waktu_chat_terakhir: z.iso.datetime({ offset: true }).optional(),
});
export type ChatUnreadInput = z.infer<typeof chatUnreadInputSchema>;

/** POST /v2/lms/log_aktivitas/{tugas|ujian}/{contentId}[/kelompok/{groupId}]/log_hapus_komentar. */
export const commentDeletionLogSchema = z.object({
  waktu_posting: z.iso.datetime({ offset: true }),
  user_deleted: z.string().max(100),
});
