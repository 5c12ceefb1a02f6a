import type { Material, MaterialDocument } from '@lms/contract/material.schema';
import type { MeetingDetail } from '@lms/contract/meeting.schema';
import { offlineMaterialsCacheName } from '@lms/contract/material-offline.rules';

/**
 * Materials kept on the phone (issue 44 §4), in one Cache Storage cache: each file under its own URL
 * (what the reader asks for, and what the service worker serves when the network fails), and per student
 * and meeting a small JSON of what was kept (the meeting and its kept materials as the server answered
 * them, with that student's progress), so the meeting page can list them without a connection.
 */
export interface KeptMeeting {
  meeting: MeetingDetail;
  materials: Material[];
  /** The device's clock when kept (shown only). */
  kept_at: string;
}

const listPrefix = '/offline-materials/pertemuan/';
const listKey = (userId: string, meetingId: string) => `${listPrefix}${userId}/${meetingId}.json`;
// An office e-book's page text (the server's conversion), kept with its file.
const documentKey = (materialId: string) => `/offline-materials/dokumen/${materialId}.json`;
const json = (value: unknown) =>
  new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } });

/** Whether this browser can keep files (Cache Storage exists only on secure origins). */
export const canKeepMaterials = () => typeof caches !== 'undefined';

/** The file materials of a meeting that can be kept: files, not links. */
export function keepableMaterials(materials: Material[]): Material[] {
  return materials.filter((m) => m.tipe_file !== 'url' && m.file);
}

/** Bytes the kept files of these materials take. */
export const keptBytes = (materials: Material[]) =>
  materials.reduce((sum, m) => sum + (m.file?.content_length ?? 0), 0);

/** What the student has kept of a meeting on this device, or undefined. */
export async function readKeptMeeting(userId: string, meetingId: string): Promise<KeptMeeting | undefined> {
  if (!canKeepMaterials()) return undefined;
  const cache = await caches.open(offlineMaterialsCacheName);
  const answer = await cache.match(listKey(userId, meetingId));
  return answer ? ((await answer.json()) as KeptMeeting) : undefined;
}

/** Every meeting the student has kept on this device, newest kept first (Materi Tersimpan). */
export async function listKeptMeetings(userId: string): Promise<KeptMeeting[]> {
  if (!canKeepMaterials()) return [];
  const cache = await caches.open(offlineMaterialsCacheName);
  const own = `${listPrefix}${userId}/`;
  const lists: KeptMeeting[] = [];
  for (const request of await cache.keys()) {
    if (!new URL(request.url).pathname.startsWith(own)) continue;
    const list = (await (await cache.match(request))?.json()) as KeptMeeting | undefined;
    if (list) lists.push(list);
  }
  return lists.sort((a, b) => b.kept_at.localeCompare(a.kept_at));
}

/** A kept file's bytes, or undefined when it is not on the device. */
export async function readKeptFile(url: string): Promise<Blob | undefined> {
  if (!canKeepMaterials()) return undefined;
  const answer = await (await caches.open(offlineMaterialsCacheName)).match(url);
  return answer ? answer.blob() : undefined;
}

/** Keeps an office e-book's converted text beside its file. */
export async function keepDocument(materialId: string, document: MaterialDocument): Promise<void> {
  await (await caches.open(offlineMaterialsCacheName)).put(documentKey(materialId), json(document));
}

/** A kept office e-book's converted text, or undefined. */
export async function readKeptDocument(materialId: string): Promise<MaterialDocument | undefined> {
  if (!canKeepMaterials()) return undefined;
  const answer = await (await caches.open(offlineMaterialsCacheName)).match(documentKey(materialId));
  return answer ? ((await answer.json()) as MaterialDocument) : undefined;
}

/** Free room the browser reports for this site, in bytes; undefined when it does not say. */
export async function freeDeviceBytes(): Promise<number | undefined> {
  const estimate = await navigator.storage?.estimate?.();
  if (!estimate?.quota) return undefined;
  return estimate.quota - (estimate.usage ?? 0);
}

/**
 * Downloads each file into the cache, one after another, calling `progress(done, total)`; `afterEach`
 * is told of each stored material (the server's download record). Answers the kept list as stored.
 */
export async function keepMeetingMaterials(
  userId: string,
  meeting: MeetingDetail,
  materials: Material[],
  progress: (done: number, total: number) => void,
  afterEach: (material: Material) => Promise<Material>,
): Promise<KeptMeeting> {
  const cache = await caches.open(offlineMaterialsCacheName);
  const kept: Material[] = [];
  progress(0, materials.length);
  for (const material of materials) {
    const url = material.file!.url;
    if (!(await cache.match(url))) {
      const response = await fetch(url, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`Materi "${material.judul}" gagal disimpan. Coba lagi.`);
      await cache.put(url, response);
    }
    kept.push(await afterEach(material));
    progress(kept.length, materials.length);
  }
  const list: KeptMeeting = { meeting, materials: kept, kept_at: new Date().toISOString() };
  await cache.put(listKey(userId, meeting.id), json(list));
  return list;
}

/** Updates a kept material's copy of the server's answer (its progress), when the meeting keeps it. */
export async function refreshKeptMaterial(userId: string, material: Material): Promise<void> {
  const list = await readKeptMeeting(userId, material.id_pertemuan);
  if (!list?.materials.some((m) => m.id === material.id)) return;
  const cache = await caches.open(offlineMaterialsCacheName);
  const next = { ...list, materials: list.materials.map((m) => (m.id === material.id ? material : m)) };
  await cache.put(listKey(userId, material.id_pertemuan), json(next));
}

/** Removes what the student kept of a meeting: the list, and the files no other kept list holds. */
export async function removeKeptMeeting(userId: string, meetingId: string): Promise<void> {
  const cache = await caches.open(offlineMaterialsCacheName);
  const list = await readKeptMeeting(userId, meetingId);
  await cache.delete(listKey(userId, meetingId));
  if (!list) return;
  // Copies of a material share one file, and so do two students on one phone: keep it while another
  // list still names it.
  const stillUsed = new Set<string>();
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (!path.startsWith(listPrefix)) continue;
    const other = (await (await cache.match(request))?.json()) as KeptMeeting | undefined;
    for (const m of other?.materials ?? []) if (m.file) stillUsed.add(m.file.url);
  }
  for (const m of list.materials) {
    if (!m.file || stillUsed.has(m.file.url)) continue;
    await cache.delete(m.file.url);
    await cache.delete(documentKey(m.id));
  }
}
