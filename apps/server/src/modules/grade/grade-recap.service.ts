import { collegeTimeZoneLabels, type CollegeTimeZone } from '@lms/contract/college-settings.rules';
import {
  componentValue,
  gradeMessages,
  gradeSendState,
  gradeTypeLabels,
  gradeTypeOfActivity,
  gradeTypes,
  hasEnded,
  noScore,
  scoreStatusOf,
  typeAverage,
  type GradeType,
} from '@lms/contract/grade.rules';
import {
  gradeIntegrationMessages,
  readGradeIntegration,
  type GradeIntegrationInputParsed,
  type GradeIntegrationSettings,
  type GradeRecap,
  type MyGrades,
  type RecapActivity,
} from '@lms/contract/grade.schema';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { errorMessages } from '@lms/contract/error-messages';
import { AppError, badRequest, forbidden } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import {
  readClassScores,
  readPublishedScoresOfStudent,
  type ClassScoredActivity,
} from '../activity/activity.api.ts';
import { classListScope, loadReadableClass } from '../class/class.api.ts';
import {
  hasSiakadSecret,
  parseSiakadUrl,
  SiakadAddressError,
  saveSiakadSecret,
  siakadConnectorFor,
  SiakadError,
  type SiakadClass,
  type SiakadPlatform,
} from '../siakad/siakad.api.ts';
import { assertCanSeeRecap, canSetComponents, canWriteGrades, senderRole } from './grade.policy.ts';
import { listGradeIntegrationChanges } from './grade.audit.ts';
import { recordChanges, type ActivityCaller } from '../activity-log/activity-log.api.ts';
import {
  findActivitiesOfClass,
  findClassesOfStudent,
  findClassStudents,
  findComponentActivities,
  findGradeClassPage,
  replaceComponentActivities,
  updateGradeIntegrationSettings,
  type GradeStudentRow,
} from './grade.repository.ts';
import { buildPageMeta } from '@lms/contract/api-envelope.schema';
import type { GradeClassListQuery } from '@lms/contract/grade.schema';
import { isOperatorReading, isOperatorWriting } from '../../platform/actor.ts';

/** An activity column with its recap type. */
export interface TypedActivity extends ClassScoredActivity {
  type: GradeType;
}

/** Everything the recap, its export, the preview and the job compute from. */
export interface RecapData {
  kelas: Awaited<ReturnType<typeof loadReadableClass>>;
  students: GradeStudentRow[];
  activities: TypedActivity[];
  /** Graded score by activity id, then student id. */
  scores: Map<string, Map<string, number>>;
  /** Chosen activity ids by SIAKAD component id (only activities of the class that still exist). */
  mapping: Map<string, string[]>;
  siakad: SiakadClass | null;
  siakadError: string | null;
}

/** The class's recap inputs: five set-based reads whatever the class's size, and one SIAKAD read. */
export async function loadRecapData(
  db: Db,
  actor: Actor,
  college: College,
  platform: SiakadPlatform,
  kelasId: string,
  options: { siakadRequired?: boolean } = {},
): Promise<RecapData> {
  // The class's own reads start with the access check (they are scoped to the college and answered only
  // after it passed); SIAKAD is asked only once the caller may see the class.
  const reads = Promise.all([
    findClassStudents(db, actor.collegeId, kelasId),
    readClassScores(db, actor.collegeId, kelasId),
    findComponentActivities(db, actor.collegeId, kelasId),
  ]);
  reads.catch(() => undefined);
  const connector = siakadConnectorFor(db, college, platform);
  const readSiakad = () =>
    connector.readClass(kelasId).then(
      (value) => ({ value, error: null }),
      (error: unknown) => {
        if (error instanceof SiakadError) return { value: null, error };
        throw error;
      },
    );
  // The demo SIAKAD is our own database: read it with the rest; a real one only after the check.
  const early = connector.kind === 'demo' ? readSiakad() : null;
  early?.catch(() => undefined);
  const kelas = await loadReadableClass(db, actor, kelasId);
  assertCanSeeRecap(actor, kelas.relation);
  const [[students, classScores, mappingRows], siakadResult] = await Promise.all([
    reads,
    early ?? readSiakad(),
  ]);
  if (siakadResult.error && options.siakadRequired) throw siakadFailure(siakadResult.error);
  const activities: TypedActivity[] = [];
  for (const a of classScores.activities) {
    const type = gradeTypeOfActivity(a.kind, a.meetingKategori, a.subkind);
    if (type) activities.push({ ...a, type });
  }
  const known = new Set(activities.map((a) => a.id));
  const scores = new Map<string, Map<string, number>>();
  for (const s of classScores.scores) {
    if (s.score === null) continue;
    let byStudent = scores.get(s.activityId);
    if (!byStudent) scores.set(s.activityId, (byStudent = new Map()));
    byStudent.set(s.mahasiswaId, s.score);
  }
  const mapping = new Map<string, string[]>();
  for (const m of mappingRows) {
    if (!known.has(m.activityId)) continue;
    mapping.set(m.komponenId, [...(mapping.get(m.komponenId) ?? []), m.activityId]);
  }
  return {
    kelas,
    students,
    activities,
    scores,
    mapping,
    siakad: siakadResult.value,
    siakadError: siakadResult.error ? siakadResult.error.message : null,
  };
}

/** A SIAKAD failure as the user sees it: 502 with SIAKAD's message (spec 3 §8: error plus status.message). */
export function siakadFailure(error: SiakadError): AppError {
  return new AppError(502, 'siakad_gagal', `${gradeMessages.siakadUnavailable} ${error.message}`.trim());
}

/** A student's value of every SIAKAD component by the component formula (null: nothing chosen). */
export function componentValuesOf(data: RecapData, studentId: string): Map<string, number | null> {
  const values = new Map<string, number | null>();
  for (const k of data.siakad?.komponen ?? []) {
    const chosen = data.mapping.get(k.id) ?? [];
    values.set(
      k.id,
      chosen.length ? componentValue(chosen.map((id) => data.scores.get(id)?.get(studentId) ?? null)) : null,
    );
  }
  return values;
}

/** An activity column as the answers show it. */
export function presentRecapActivity(a: TypedActivity, now: Date): RecapActivity {
  return {
    aktivitas: { id: a.id, kind: a.kind, content_id: a.contentId, jenis: a.type, label: a.title },
    id_pertemuan: a.pertemuanId,
    label_pertemuan: `Pertemuan ${a.meetingNomor}`,
    status_nilai: scoreStatusOf(a, { worked: a.worked, ungraded: a.ungraded }, now),
  };
}

const orNone = (v: number | null) => (v === null ? noScore : v);

/** GET /v2/lms/nilai/kelas_kuliah/{id}: Rekap Nilai Kelas. */
export async function getGradeRecap(
  db: Db,
  actor: Actor,
  college: College,
  platform: SiakadPlatform,
  kelasId: string,
  now = new Date(),
): Promise<GradeRecap> {
  const data = await loadRecapData(db, actor, college, platform, kelasId);
  return presentRecap(data, actor, college, now);
}

/** Builds the recap answer from its inputs. */
export function presentRecap(data: RecapData, actor: Actor, college: College, now: Date): GradeRecap {
  const { row, relation } = data.kelas;
  const integration = readGradeIntegration(college.settings);
  const siakad = data.siakad;
  const types = gradeTypes.filter((t) => data.activities.some((a) => a.type === t));
  const state = siakad
    ? gradeSendState(
        senderRole(actor),
        { start: siakad.windowStart, end: siakad.windowEnd, locked: siakad.locked },
        now,
      )
    : {
        allowed: false,
        message: `${gradeMessages.siakadUnavailable} ${data.siakadError ?? ''}`.trim(),
        tone: 'error' as const,
      };
  const writes = canWriteGrades(actor, relation);
  const held = new Map((siakad?.values ?? []).map((v) => [`${v.komponenId}:${v.nim}`, v] as const));
  const ofType = types.map((t) => [t, data.activities.filter((a) => a.type === t)] as const);
  const ended = new Set(data.activities.filter((a) => hasEnded(a, now)).map((a) => a.id));
  const komponen = siakad?.komponen ?? [];
  return {
    kelas: {
      id: row.id,
      periode: row.periode,
      mata_kuliah: { id: row.course.id, kode: row.course.kode, nama: row.course.nama },
      kelas: { nama: row.nama, jenis: { nama: row.jenis } },
      kampus: row.kampus?.id ? { nama: row.kampus.nama } : null,
      mode: row.modeKuliah ?? null,
      is_nilai_dikunci: siakad?.locked ?? false,
    },
    header_aktivitas: data.activities.map((a) => presentRecapActivity(a, now)),
    header_rerata: types.map((t) => ({ jenis: t, label: `Rata-rata ${gradeTypeLabels[t]}` })),
    header_sikad: (siakad?.komponen ?? []).map((k) => ({
      id: k.id,
      jenis: k.jenis,
      label: k.label,
      bobot: k.bobot,
      waktu_entri_nilai_start: siakad?.windowStart?.toISOString() ?? null,
      waktu_entri_nilai_end: siakad?.windowEnd?.toISOString() ?? null,
      aktivitas: data.mapping.get(k.id) ?? [],
    })),
    nilai_mahasiswa: data.students.map((s) => {
      const values = componentValuesOf(data, s.id);
      return {
        mahasiswa: { id_user: s.id, nama: s.nama, nim: s.nim },
        nilai_pertemuan: data.activities.map((a) => ({
          aktivitas: a.id,
          nilai: data.scores.get(a.id)?.get(s.id) ?? noScore,
        })),
        rata_rata_lms: ofType.map(([t, list]) => ({
          jenis: t,
          rata_rata: orNone(
            typeAverage(
              list.map((a) => ({ ended: ended.has(a.id), score: data.scores.get(a.id)?.get(s.id) ?? null })),
            ),
          ),
        })),
        nilai_sikad: komponen.map((k) => {
          const h = held.get(`${k.id}:${s.nim}`);
          return {
            komponen: { id: k.id, bobot: k.bobot },
            nilai: orNone(values.get(k.id) ?? null),
            nilai_di_sikad: h ? h.nilai : noScore,
            update_by_sikad: h?.updatedBySiakad ?? false,
          };
        }),
      };
    }),
    waktu_entri_nilai: {
      start: siakad?.windowStart?.toISOString() ?? null,
      end: siakad?.windowEnd?.toISOString() ?? null,
    },
    zona_waktu: collegeTimeZoneLabels[college.timeZone as CollegeTimeZone] ?? 'WIB',
    akses: {
      kirim: writes && state.allowed,
      atur_komponen: canSetComponents(actor, relation, integration.pelaku),
      baca_kelas: actor.role === 'dosen' ? relation.isTeacher : isOperatorReading(actor),
      pesan: state.message,
      nada: state.tone,
    },
  };
}

/** GET …/aktivitas: the class's scored activities a component may be made of. */
export async function listRecapActivities(
  db: Db,
  actor: Actor,
  kelasId: string,
  now = new Date(),
): Promise<RecapActivity[]> {
  const kelas = await loadReadableClass(db, actor, kelasId);
  assertCanSeeRecap(actor, kelas.relation);
  const { activities } = await readClassScores(db, actor.collegeId, kelas.row.id);
  return typed(activities).map((a) => presentRecapActivity(a, now));
}

function typed(rows: ClassScoredActivity[]): TypedActivity[] {
  return rows.flatMap((a) => {
    const type = gradeTypeOfActivity(a.kind, a.meetingKategori, a.subkind);
    return type ? [{ ...a, type }] : [];
  });
}

/**
 * GET …/komponen/{komponenId}: the activities chosen for the component (none for a component nobody
 * set up yet); SIAKAD is not asked, so the modal opens even while it is unreachable.
 */
export async function getComponentActivities(
  db: Db,
  actor: Actor,
  kelasId: string,
  komponenId: string,
  now = new Date(),
): Promise<RecapActivity[]> {
  const kelas = await loadReadableClass(db, actor, kelasId);
  assertCanSeeRecap(actor, kelas.relation);
  const [{ activities }, mapping] = await Promise.all([
    readClassScores(db, actor.collegeId, kelas.row.id),
    findComponentActivities(db, actor.collegeId, kelas.row.id),
  ]);
  const chosen = new Set(mapping.filter((m) => m.komponenId === komponenId).map((m) => m.activityId));
  return typed(activities)
    .filter((a) => chosen.has(a.id))
    .map((a) => presentRecapActivity(a, now));
}

function assertComponent(data: RecapData, komponenId: string) {
  if (!data.siakad?.komponen.some((k) => k.id === komponenId)) {
    throw new AppError(404, 'not_found', gradeMessages.componentNotFound);
  }
}

/**
 * PUT …/komponen/{komponenId} (list_aktivitas): canWrite and the designated integrator (spec 3 §5);
 * every activity must be a scored activity of the class.
 */
export async function saveComponentActivities(
  db: Db,
  actor: Actor,
  college: College,
  platform: SiakadPlatform,
  kelasId: string,
  komponenId: string,
  activityIds: string[],
  now = new Date(),
): Promise<RecapActivity[]> {
  const data = await loadRecapData(db, actor, college, platform, kelasId, { siakadRequired: true });
  const { pelaku } = readGradeIntegration(college.settings);
  if (!canWriteGrades(actor, data.kelas.relation)) throw forbidden();
  if (!canSetComponents(actor, data.kelas.relation, pelaku)) {
    throw new AppError(403, 'bukan_pelaku_integrasi', gradeMessages.notIntegrator);
  }
  assertComponent(data, komponenId);
  const scored = new Set(data.activities.map((a) => a.id));
  const found = await findActivitiesOfClass(db, actor.collegeId, data.kelas.row.id, activityIds);
  if (found.length !== activityIds.length || activityIds.some((id) => !scored.has(id))) {
    throw new AppError(400, 'aktivitas_tidak_valid', gradeMessages.activityNotInClass);
  }
  await replaceComponentActivities(
    db,
    actor.collegeId,
    data.kelas.row.id,
    komponenId,
    activityIds,
    actor.userId,
  );
  const chosen = new Set(activityIds);
  return data.activities.filter((a) => chosen.has(a.id)).map((a) => presentRecapActivity(a, now));
}

/** GET /v2/lms/pengaturan/integrasi_nilai/{id}. */
export async function getGradeIntegration(db: Db, actor: Actor, college: College, kelasId: string) {
  const kelas = await loadReadableClass(db, actor, kelasId);
  assertCanSeeRecap(actor, kelas.relation);
  const integration = readGradeIntegration(college.settings);
  return {
    pelaku_integrasi_nilai: integration.pelaku,
    is_pelaku: actor.role === integration.pelaku,
    siakad:
      integration.siakad.jenis === 'http' && integration.siakad.url ? ('http' as const) : ('demo' as const),
  };
}

/** The integration settings as operators see them: the key's presence, never the key. */
type GradeIntegrationView = GradeIntegrationSettings & {
  siakad: GradeIntegrationSettings['siakad'] & { kunci_rahasia_tersimpan: boolean };
};

/** GET /v2/lms/pengaturan/integrasi_nilai: the college's integrator and SIAKAD connector (operators). */
export async function getGradeIntegrationSettings(db: Db, college: College): Promise<GradeIntegrationView> {
  const settings = readGradeIntegration(college.settings);
  return {
    ...settings,
    siakad: { ...settings.siakad, kunci_rahasia_tersimpan: await hasSiakadSecret(db, college.id) },
  };
}

/**
 * PUT /v2/lms/pengaturan/integrasi_nilai: stores the integrator and the connector. The route allows only
 * operators with write on konfigurasi; the caller invalidates the college cache. A HTTP SIAKAD's
 * address must be one the platform allows (SIAKAD_ALLOWED_HOSTS, checked again on every call) and the
 * college needs a key to sign requests with; the key is stored apart and never answered. The activity
 * log records what changed, old → new (the key only as '(diubah)').
 */
export async function saveGradeIntegrationSettings(
  db: Db,
  caller: ActivityCaller,
  college: College,
  platform: SiakadPlatform,
  input: GradeIntegrationInputParsed,
): Promise<GradeIntegrationView> {
  const { actor } = caller;
  if (!isOperatorWriting(actor, 'konfigurasi')) throw forbidden();
  const before = readGradeIntegration(college.settings);
  const { kunci_rahasia: secret, ...siakad } = input.siakad;
  if (siakad.jenis === 'http' && siakad.url) {
    try {
      parseSiakadUrl(platform, siakad.url);
    } catch (error) {
      if (!(error instanceof SiakadAddressError)) throw error;
      throw fieldError('siakad.url', error.message);
    }
    if (!secret && !(await hasSiakadSecret(db, actor.collegeId))) {
      throw fieldError('siakad.kunci_rahasia', gradeIntegrationMessages.secretRequired);
    }
  }
  if (secret) await saveSiakadSecret(db, actor.collegeId, secret);
  const settings = { pelaku: input.pelaku, siakad };
  await updateGradeIntegrationSettings(db, actor.collegeId, settings);
  const saved = readGradeIntegration({ integrasi_nilai: settings });
  await recordChanges(
    db,
    caller,
    'ubah_konfigurasi',
    'Mengubah pengaturan integrasi nilai',
    listGradeIntegrationChanges(before, saved, secret),
  );
  return {
    ...saved,
    siakad: {
      ...saved.siakad,
      kunci_rahasia_tersimpan: !!secret || (await hasSiakadSecret(db, actor.collegeId)),
    },
  };
}

function fieldError(field: string, message: string) {
  return badRequest('validation_failed', `${errorMessages.validation_failed} ${field}: ${message}`, {
    fields: [{ field, message }],
  });
}

/** GET /v2/lms/nilai: classes of the recap list (lecturers theirs, operators all with filters). */
export async function listGradeClasses(db: Db, actor: Actor, query: GradeClassListQuery) {
  const scope = classListScope(actor);
  if (scope.kind === 'student') throw forbidden();
  const { rows, total } = await findGradeClassPage(
    db,
    actor.collegeId,
    scope,
    { periode: query.periode, mataKuliahId: query.id_mata_kuliah, search: query.search },
    { page: query.page, perPage: query.per_page },
  );
  return {
    data: rows.map((r) => ({
      id: r.id,
      periode: r.periode,
      nama: r.nama,
      mata_kuliah: r.course,
      jumlah_mahasiswa: r.students,
      jumlah_aktivitas: r.activities,
    })),
    meta: buildPageMeta(query, total),
  };
}

/** GET /v2/lms/nilai/me: a student's published scores per class and activity. */
export async function getMyGrades(db: Db, actor: Actor): Promise<MyGrades> {
  if (actor.role !== 'mahasiswa') throw forbidden();
  const [classes, scores] = await Promise.all([
    findClassesOfStudent(db, actor.collegeId, actor.userId),
    readPublishedScoresOfStudent(db, actor.collegeId, actor.userId),
  ]);
  return classes.map((c) => ({
    kelas: { id: c.id, nama: c.nama, periode: c.periode },
    mata_kuliah: c.course,
    nilai: scores.flatMap((s) => {
      const type = gradeTypeOfActivity(s.kind, s.meetingKategori, s.subkind);
      if (s.kelasId !== c.id || !type || s.score === null) return [];
      return [
        {
          id_aktivitas: s.activityId,
          jenis: type,
          label: s.title,
          label_pertemuan: `Pertemuan ${s.meetingNomor}`,
          nilai: s.score,
        },
      ];
    }),
  }));
}
