import { sql } from 'drizzle-orm';
import type { QuestionBody } from '@lms/contract/exam.rules';
import type { Db } from '../../db/database.ts';

/** One question's figures in one exam, as the statement answers them (numbers may come as strings). */
export interface ItemFigureRow {
  ujian_id: string;
  soal_id: string;
  jumlah_pengerjaan: number | string;
  jumlah_peserta: number | string;
  jumlah_dinilai: number | string;
  rata_rata: number | string | null;
  proporsi_benar: number | string | null;
  daya_beda: number | string | null;
  daya_beda_kelompok: number | string | null;
  ukuran_atas: number | string;
  /** [option index, picked by, of them upper group, lower group] */
  sebaran: Array<[number, number, number, number]>;
}

/**
 * Item figures of every question of the exams, set-based in one statement (docs/api/exams.md › Item
 * analysis). Only finished attempts count. A question's mark in an attempt is its stored mark: scoring
 * at the close writes one for every choice-like question the attempt got, so the marks are read from
 * `exam_answers` as a plain join (the question sets are read only for essays left without a row, which
 * count 0); an essay answer not yet marked counts nowhere. An attempt's score is its mean mark: upper
 * and lower 27 % groups are taken by it, and the rest score of a question is the mean of the attempt's
 * other marks (the question left out, so it does not correlate with itself; the mean, so drawn sets of
 * different sizes compare).
 */
export async function findItemFigures(
  db: Db,
  collegeId: string,
  examIds: readonly string[],
  groupShare: number,
): Promise<ItemFigureRow[]> {
  if (examIds.length === 0) return [];
  const ids = sql.join(
    examIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute(sql`
with att as (
  select a.id, a.ujian_id, a.question_set from exam_attempts a
  where a.college_id = ${collegeId} and a.ujian_id in (${ids}) and a.status = 'selesai'
),
questions as (
  select q.id, q.jenis from exam_questions q where q.college_id = ${collegeId} and q.ujian_id in (${ids})
),
marks as (
  select ans.attempt_id, att.ujian_id, ans.soal_id,
    case when ans.nilai is not null then ans.nilai::float8
         when ans.urutan = 0 or ans.jawaban is null then 0::float8 end as nilai,
    case when ans.urutan > 0 then
      case q.jenis when 'pilihan' then (ans.jawaban ->> 'pilihan')::int
        when 'benar_salah' then case ans.jawaban ->> 'benar_salah' when 'true' then 0 when 'false' then 1 end
      end
    end as opsi,
    case when ans.urutan > 0 and q.jenis = 'pilihan_kompleks' then ans.jawaban -> 'pilihan' end as opsi_banyak
  from att
  join exam_answers ans on ans.college_id = ${collegeId} and ans.attempt_id = att.id
  join questions q on q.id = ans.soal_id
  union all
  select att.id, att.ujian_id, q.id, 0, null, null
  from att join questions q on q.jenis = 'esay'
  where att.question_set @> jsonb_build_array(jsonb_build_object('soal', jsonb_build_array(q.id)))
    and not exists (
      select 1 from exam_answers e where e.college_id = ${collegeId} and e.attempt_id = att.id and e.soal_id = q.id
    )
),
scores as (
  select attempt_id, ujian_id, sum(nilai) as jumlah, count(nilai) as dinilai
  from marks group by attempt_id, ujian_id
),
ranked as (
  select attempt_id, jumlah, dinilai,
    case when dinilai = 0 then null
         when row_number() over (partition by ujian_id order by jumlah / nullif(dinilai, 0) desc nulls last, attempt_id)
              <= ceil(${groupShare}::float8 * count(*) filter (where dinilai > 0) over (partition by ujian_id)) then 'atas'
         when row_number() over (partition by ujian_id order by jumlah / nullif(dinilai, 0) asc nulls last, attempt_id)
              <= ceil(${groupShare}::float8 * count(*) filter (where dinilai > 0) over (partition by ujian_id)) then 'bawah'
    end as kelompok
  from scores
),
item as (
  select m.ujian_id, m.soal_id, m.nilai, m.opsi, m.opsi_banyak, r.kelompok,
    (r.jumlah - m.nilai) / nullif(r.dinilai - 1, 0) as sisa
  from marks m join ranked r on r.attempt_id = m.attempt_id
),
agg as (
  select ujian_id, soal_id, opsi, grouping(opsi) as per_opsi,
    count(*) as jumlah_peserta,
    count(nilai) as jumlah_dinilai,
    avg(nilai) as rata_rata,
    avg(case when nilai = 100 then 1.0 when nilai is not null then 0.0 end) as proporsi_benar,
    corr(nilai, sisa) as daya_beda,
    (avg(nilai) filter (where kelompok = 'atas') - avg(nilai) filter (where kelompok = 'bawah')) / 100
      as daya_beda_kelompok,
    count(*) filter (where kelompok = 'atas') as ukuran_atas,
    count(*) filter (where kelompok = 'bawah') as ukuran_bawah
  from item group by grouping sets ((ujian_id, soal_id), (ujian_id, soal_id, opsi))
),
multi as (
  select m.ujian_id, m.soal_id, e.opsi::int as opsi, count(*) as jumlah,
    count(*) filter (where r.kelompok = 'atas') as atas, count(*) filter (where r.kelompok = 'bawah') as bawah
  from marks m
  join ranked r on r.attempt_id = m.attempt_id
  cross join lateral jsonb_array_elements_text(m.opsi_banyak) as e(opsi)
  where m.opsi_banyak is not null and jsonb_typeof(m.opsi_banyak) = 'array'
  group by m.ujian_id, m.soal_id, e.opsi
),
spread as (
  select ujian_id, soal_id, jsonb_agg(jsonb_build_array(opsi, jumlah, atas, bawah) order by opsi) as sebaran
  from (
    select ujian_id, soal_id, opsi, jumlah_peserta as jumlah, ukuran_atas as atas, ukuran_bawah as bawah
    from agg where per_opsi = 0 and opsi is not null
    union all select * from multi
  ) p
  group by ujian_id, soal_id
)
select f.ujian_id, f.soal_id, f.jumlah_peserta, f.jumlah_dinilai, f.rata_rata, f.proporsi_benar, f.daya_beda,
  f.daya_beda_kelompok, f.ukuran_atas, coalesce(s.sebaran, '[]'::jsonb) as sebaran, c.n as jumlah_pengerjaan
from agg f
left join spread s on s.ujian_id = f.ujian_id and s.soal_id = f.soal_id
join (select ujian_id, count(*) as n from att group by ujian_id) c on c.ujian_id = f.ujian_id
where f.per_opsi = 1
`);
  // Both drivers (PGlite, node-postgres) answer raw statements with their rows in `rows`.
  return (result as unknown as { rows: ItemFigureRow[] }).rows;
}

/** The exam questions taken from a bank question, with their exam and class, newest exam first. */
export async function findUsesOfBankQuestion(db: Db, collegeId: string, bankQuestionId: string) {
  const result = await db.execute(sql`
select q.id as soal_id, q.isi, e.id as ujian_id, e.judul, e.waktu_mulai, c.id as kelas_id, c.nama as kelas_nama
from exam_questions q
join exams e on e.college_id = ${collegeId} and e.id = q.ujian_id
join classes c on c.college_id = ${collegeId} and c.id = e.kelas_id
where q.college_id = ${collegeId} and q.bank_soal_id = ${bankQuestionId}
order by e.waktu_mulai desc, e.id
limit 200`);
  return (
    result as unknown as {
      rows: Array<{
        soal_id: string;
        isi: QuestionBody;
        ujian_id: string;
        judul: string;
        waktu_mulai: string | Date;
        kelas_id: string;
        kelas_nama: string;
      }>;
    }
  ).rows;
}
