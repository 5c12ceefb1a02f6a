import type { Db } from '../../db/database.ts';
import { gradeMessages } from '@lms/contract/grade.rules';
import { formatPeriodLabel, nextPeriodCode } from '@lms/contract/period.rules';
import {
  siakadSemesterPageSize,
  type SiakadClass,
  type SiakadConnector,
  type SiakadSemesterPart,
  type SiakadSemesterPage,
  type SiakadValueWrite,
  type SiakadWriteResult,
} from './siakad-connector.ts';
import {
  findDemoClass,
  findDemoComponents,
  findDemoPeriodCodes,
  findDemoSemesterRows,
  findDemoValues,
  upsertDemoValues,
} from './siakad.repository.ts';

/** Reads a class as the demo SIAKAD holds it. */
export async function readDemoClass(db: Db, collegeId: string, kelasId: string): Promise<SiakadClass> {
  const [state, komponen, values] = await Promise.all([
    findDemoClass(db, collegeId, kelasId),
    findDemoComponents(db, collegeId, kelasId),
    findDemoValues(db, collegeId, kelasId),
  ]);
  return {
    komponen: komponen.map((k) => ({ id: k.id, jenis: k.jenis, label: k.label, bobot: k.bobot })),
    windowStart: state?.windowStart ?? null,
    windowEnd: state?.windowEnd ?? null,
    locked: state?.locked ?? false,
    values: values.map((v) => ({
      komponenId: v.komponenId,
      nim: v.nim,
      nilai: v.nilai,
      updatedBySiakad: v.updatedBySiakad,
      updatedBy: v.updatedBy,
      updatedAt: v.updatedAt,
    })),
  };
}

/**
 * One page (from 1) of a period's semester data as the demo SIAKAD holds it: a period the college has,
 * or the one after its latest (carried over from the latest, so a fresh machine has a new semester to
 * load); any other period is empty.
 */
export async function readDemoSemesterPage(
  db: Db,
  collegeId: string,
  periode: number,
  part: SiakadSemesterPart,
  page: number,
): Promise<SiakadSemesterPage> {
  const { known, latest } = await findDemoPeriodCodes(db, collegeId, periode);
  const source = known ? periode : latest !== null && nextPeriodCode(latest) === periode ? latest : null;
  if (source === null) return { rows: [], nextPage: null };
  // One row more than a page says whether another page follows.
  const rows = await findDemoSemesterRows(
    db,
    collegeId,
    { source, periode, label: formatPeriodLabel(periode) },
    part,
    (page - 1) * siakadSemesterPageSize,
    siakadSemesterPageSize + 1,
  );
  const more = rows.length > siakadSemesterPageSize;
  return { rows: more ? rows.slice(0, siakadSemesterPageSize) : rows, nextPage: more ? page + 1 : null };
}

/**
 * The demo SIAKAD in our own database. Like a real one it refuses writes to a locked class and to
 * components the class does not have; values the LMS writes are marked as not updated in SIAKAD.
 */
export function createDemoSiakadConnector(db: Db, collegeId: string): SiakadConnector {
  return {
    kind: 'demo',
    readSemesterPage: (periode, part, page) => readDemoSemesterPage(db, collegeId, periode, part, page),
    readClass: (kelasId) => readDemoClass(db, collegeId, kelasId),
    async writeValues(kelasId: string, values: SiakadValueWrite[], by: string): Promise<SiakadWriteResult[]> {
      const state = await readDemoClass(db, collegeId, kelasId);
      const known = new Set(state.komponen.map((k) => k.id));
      const results = values.map((v): SiakadWriteResult => {
        if (state.locked) return { ...pick(v), ok: false, message: gradeMessages.classLocked };
        if (!known.has(v.komponenId))
          return { ...pick(v), ok: false, message: gradeMessages.componentNotFound };
        if (!(v.nilai >= 0 && v.nilai <= 100))
          return { ...pick(v), ok: false, message: 'Nilai harus 0–100.' };
        return { ...pick(v), ok: true, message: 'OK' };
      });
      const accepted = values.filter((_, i) => results[i]!.ok);
      await upsertDemoValues(
        db,
        accepted.map((v) => ({ collegeId, ...v, updatedBySiakad: false, updatedBy: by })),
      );
      return results;
    },
  };
}

const pick = (v: SiakadValueWrite) => ({ komponenId: v.komponenId, nim: v.nim });
