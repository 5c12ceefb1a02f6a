import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clashCheckResultSchema } from '@lms/contract/meeting.schema';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { authedRequest, bearerHeaders, signInAll, signToken } from '../../testing/requests.ts';
import { type ClassWorld, createClassWorld, createMeeting, createUser } from '../../testing/factories.ts';
import { sharedClassId } from '../../testing/demo-world.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
let other: ClassWorld;

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  Object.assign(tokens, await signInAll(t.app, ['mahasiswa', 'dosen', 'operator', 'operator.lihat']));
  other = await createClassWorld(t.database);
});
afterAll(async () => t.close());

const as = (u: string) => bearerHeaders(tokens[u]!);
const get = (u: string, url: string) => t.app.inject({ url, headers: as(u) });
const clashCheck = (u: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/v2/lms/pertemuan/cek_bentrok', headers: as(u), payload });

interface MeetingAt {
  id: string;
  kelas_id: string;
  ruangan_id: string | null;
  waktu_mulai: Date;
  waktu_selesai: Date;
}

async function meetingWhere(where: string, params: unknown[] = []): Promise<MeetingAt> {
  const [row] = await t.database.query<MeetingAt>(
    `select m.id, m.kelas_id, m.ruangan_id, m.waktu_mulai, m.waktu_selesai from meetings m
      join classes c on c.college_id = m.college_id and c.id = m.kelas_id
      where m.college_id = 'demo' and ${where} order by m.waktu_mulai, m.id limit 1`,
    params,
  );
  return row!;
}

const iso = (d: Date) => new Date(d).toISOString();

describe('GET /v2/lms/sesi_kuliah and /v2/lms/ruangan', () => {
  it('lists the sessions by start time', async () => {
    const res = await get('mahasiswa', '/v2/lms/sesi_kuliah');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.map((s: { nama: string }) => s.nama)).toEqual([
      'Sesi 1',
      'Sesi 2',
      'Sesi 3',
      'Sesi 4',
      'Sesi 5',
    ]);
    expect(data[0]).toMatchObject({ jam_mulai: '07:30:00', jam_selesai: '10:00:00' });
    expect(
      (await t.app.inject({ url: '/v2/lms/sesi_kuliah', headers: { 'college-id': 'demo' } })).statusCode,
    ).toBe(401);
  });

  it('lists rooms, paged or whole, with availability in a time range', async () => {
    const paged = (await get('dosen', '/v2/lms/ruangan?per_page=5')).json();
    expect(paged.data).toHaveLength(5);
    expect(paged.meta.total_items).toBe(13);
    const all = (await get('dosen', '/v2/lms/ruangan?ignore_default_pagination=true')).json();
    expect(all.data).toHaveLength(13);
    expect(all.data.every((r: { is_available: boolean }) => r.is_available)).toBe(true);

    const booked = await meetingWhere(`m.college_id = 'demo' and m.ruangan_id is not null`);
    const range = `availability_start=${iso(booked.waktu_mulai)}&availability_end=${iso(booked.waktu_selesai)}`;
    const during = (await get('dosen', `/v2/lms/ruangan?ignore_default_pagination=true&${range}`)).json();
    expect(during.data.find((r: { id: string }) => r.id === booked.ruangan_id).is_available).toBe(false);
    const itself = (
      await get(
        'dosen',
        `/v2/lms/ruangan?ignore_default_pagination=true&${range}&exclude_id_pertemuan=${booked.id}`,
      )
    ).json();
    expect(itself.data.find((r: { id: string }) => r.id === booked.ruangan_id).is_available).toBe(true);

    const search = (await get('dosen', '/v2/lms/ruangan?search=lab%20komputer')).json();
    expect(search.meta.total_items).toBe(3);
    const bad = await get('dosen', '/v2/lms/ruangan?availability_start=kemarin');
    expect(bad.statusCode).toBe(400);
  });
});

describe('PUT /v2/lms/pertemuan/cek_bentrok', () => {
  it('finds no clash in a free slot', async () => {
    const res = await clashCheck('dosen', {
      id_kelas_kuliah: sharedClassId,
      waktu_mulai: '2031-01-06T10:00:00+07:00',
      waktu_selesai: '2031-01-06T11:00:00+07:00',
      jenis: 'offline',
      id_ruangan: (
        await t.database.query<{ id: string }>(`select id from rooms where nama = 'Aula Utama'`)
      )[0]!.id,
    });
    expect(res.statusCode).toBe(200);
    const data = clashCheckResultSchema.parse(res.json().data);
    expect(data).toMatchObject({
      bentrok_kelas: { data: [] },
      bentrok_ruangan: { data: [] },
      bentrok_pengajar: { data: [] },
      is_blocking: false,
    });
  });

  it('finds a clash with another meeting of the same class', async () => {
    const m5 = await meetingWhere(`m.kelas_id = $1 and m.nomor = 5`, [sharedClassId]);
    const m6 = await meetingWhere(`m.kelas_id = $1 and m.nomor = 6`, [sharedClassId]);
    const res = await clashCheck('dosen', {
      id_kelas_kuliah: sharedClassId,
      id_pertemuan: m5.id,
      waktu_mulai: iso(m6.waktu_mulai),
      waktu_selesai: iso(m6.waktu_selesai),
      jenis: 'online',
    });
    const data = res.json().data;
    expect(data.bentrok_kelas.data).toEqual([expect.objectContaining({ id: m6.id, nomor: 6 })]);
    expect(data.is_blocking).toBe(true);
    // Its own time is no clash with itself.
    const self = await clashCheck('dosen', {
      id_kelas_kuliah: sharedClassId,
      id_pertemuan: m5.id,
      waktu_mulai: iso(m5.waktu_mulai),
      waktu_selesai: iso(m5.waktu_selesai),
      jenis: 'online',
    });
    expect(self.json().data.bentrok_kelas.data).toEqual([]);
  });

  it('finds a room clash with another class in that room', async () => {
    const busy = await meetingWhere(
      `m.college_id = 'demo' and m.ruangan_id is not null and m.kelas_id <> $1 and m.waktu_mulai > now()`,
      [sharedClassId],
    );
    const m9 = await meetingWhere(`m.kelas_id = $1 and m.nomor = 9`, [sharedClassId]);
    const res = await clashCheck('operator', {
      id_kelas_kuliah: sharedClassId,
      id_pertemuan: m9.id,
      waktu_mulai: iso(busy.waktu_mulai),
      waktu_selesai: iso(busy.waktu_selesai),
      jenis: 'offline',
      id_ruangan: busy.ruangan_id,
      pengajar_kelas: [],
    });
    const data = res.json().data;
    expect(data.bentrok_ruangan.data).toEqual([
      expect.objectContaining({
        id_pertemuan: busy.id,
        kelas: expect.objectContaining({ id: busy.kelas_id }),
      }),
    ]);
    expect(data.bentrok_ruangan.data[0].pengajar.length).toBeGreaterThan(0);
    expect(data.bentrok_ruangan.is_ignorable).toBe(false);
    expect(data.is_blocking).toBe(true);
    // Online meetings take no room, so no room clash.
    const online = await clashCheck('operator', {
      id_kelas_kuliah: sharedClassId,
      waktu_mulai: iso(busy.waktu_mulai),
      waktu_selesai: iso(busy.waktu_selesai),
      jenis: 'online',
      id_ruangan: busy.ruangan_id,
      pengajar_kelas: [],
    });
    expect(online.json().data.bentrok_ruangan.data).toEqual([]);
  });

  it('finds a teacher clash with another class the lecturer teaches, and blocks saving into it', async () => {
    const elsewhere = await meetingWhere(
      `c.id = '20261_01_IF3103' and m.waktu_mulai > now() + interval '7 days'`,
    );
    const m7 = await meetingWhere(`m.kelas_id = $1 and m.nomor = 7`, [sharedClassId]);
    const res = await clashCheck('dosen', {
      id_kelas_kuliah: sharedClassId,
      id_pertemuan: m7.id,
      waktu_mulai: iso(elsewhere.waktu_mulai),
      waktu_selesai: iso(elsewhere.waktu_selesai),
      jenis: 'online',
    });
    const data = res.json().data;
    expect(data.bentrok_pengajar.data).toContainEqual(
      expect.objectContaining({ nama_pengajar: 'Budi Santoso', id_pertemuan: elsewhere.id }),
    );
    expect(data.is_blocking).toBe(true);

    const sesi = (await get('dosen', '/v2/lms/sesi_kuliah')).json().data as {
      id: string;
      jam_mulai: string;
    }[];
    const startLocal = new Date(new Date(elsewhere.waktu_mulai).getTime() + 7 * 3_600_000)
      .toISOString()
      .slice(11, 19);
    const session = [...sesi].reverse().find((s) => s.jam_mulai <= startLocal)!;
    const save = await t.app.inject({
      method: 'PUT',
      url: `/v2/lms/pertemuan/${m7.id}`,
      headers: as('dosen'),
      payload: {
        jenis: 'online',
        id_sesi: session.id,
        waktu_mulai: iso(elsewhere.waktu_mulai),
        waktu_selesai: iso(elsewhere.waktu_selesai),
      },
    });
    expect(save.statusCode).toBe(409);
    expect(save.json().status.code).toBe('jadwal_bentrok');
    expect(save.json().detail.bentrok_pengajar.data.length).toBeGreaterThan(0);
    // Without the lecturer ticked, no teacher clash.
    const unticked = await clashCheck('dosen', {
      id_kelas_kuliah: sharedClassId,
      id_pertemuan: m7.id,
      waktu_mulai: iso(elsewhere.waktu_mulai),
      waktu_selesai: iso(elsewhere.waktu_selesai),
      jenis: 'online',
      pengajar_kelas: [],
    });
    expect(unticked.json().data.bentrok_pengajar.data).toEqual([]);
  });

  it('checks the weekly timetable of other classes: room and teacher, ignorable, once per class', async () => {
    // A weekday of the current period's third week, 19:30–22:00 WIB, on which no teacher of the shared class
    // has a real meeting then: the seed places evening classes and the "live" classes (around the hour it
    // ran) there on days that depend on when it ran, so the day is looked up rather than fixed.
    const [period] = await t.database.query<{ d: string }>(
      `select to_char(day, 'YYYY-MM-DD') as d
         from periods p, generate_series(p.tanggal_mulai + 14, p.tanggal_mulai + 20, interval '1 day') as day
        where p.college_id = 'demo' and p.is_current and extract(dow from day) <> 0
          and not exists (
            select 1 from meetings m join class_teachers ct on ct.kelas_id = m.kelas_id
             where ct.dosen_id in (select dosen_id from class_teachers where kelas_id = $1)
               and m.waktu_mulai < (day::date + time '22:00') at time zone 'Asia/Jakarta'
               and m.waktu_selesai > (day::date + time '19:30') at time zone 'Asia/Jakarta')
        order by day limit 1`,
      [sharedClassId],
    );
    const day = period!.d;
    const hari = new Date(`${day}T00:00:00Z`).getUTCDay();
    const [aula] = await t.database.query<{ id: string }>(`select id from rooms where nama = 'Aula Utama'`);
    const roomClass = '20261_01_AK2102';
    const teacherClass = '20261_01_IF3103';
    await t.database.query(
      `insert into class_schedules (college_id, kelas_id, hari, jam_mulai, jam_selesai, ruangan_id)
       values ('demo', $1, $3, '19:30:00', '21:00:00', $4), ('demo', $2, $3, '20:30:00', '22:00:00', null)`,
      [roomClass, teacherClass, hari, aula!.id],
    );
    const at = (time: string) => new Date(`${day}T${time}+07:00`).toISOString();
    const body = {
      id_kelas_kuliah: sharedClassId,
      waktu_mulai: at('20:00:00'),
      waktu_selesai: at('21:30:00'),
      jenis: 'offline',
      id_ruangan: aula!.id,
    };

    const res = await clashCheck('operator', body);
    expect(res.statusCode).toBe(200);
    const data = clashCheckResultSchema.parse(res.json().data);
    expect(data.bentrok_kelas.data).toEqual([]);
    expect(data.bentrok_ruangan).toEqual({
      is_ignorable: true,
      data: [
        expect.objectContaining({
          sumber: 'jadwal_kelas',
          id_pertemuan: null,
          nomor: null,
          waktu_mulai: at('19:30:00'),
          waktu_selesai: at('21:00:00'),
          kelas: expect.objectContaining({ id: roomClass }),
          mata_kuliah: expect.objectContaining({ id: 'AK2102' }),
        }),
      ],
    });
    // The room's class comes with its teachers' names.
    expect(data.bentrok_ruangan.data[0]!.pengajar.length).toBeGreaterThan(0);
    // The class's teachers (Budi Santoso among them) teach IF3103 in its weekly slot from 20:30.
    expect(data.bentrok_pengajar.is_ignorable).toBe(true);
    expect(data.bentrok_pengajar.data).toContainEqual(
      expect.objectContaining({
        sumber: 'jadwal_kelas',
        nama_pengajar: 'Budi Santoso',
        id_pertemuan: null,
        waktu_mulai: at('20:30:00'),
        kelas: expect.objectContaining({ id: teacherClass }),
      }),
    );
    expect(data.is_blocking).toBe(false);

    // Back to back with the room slot, and a week day outside every period: no timetable clash.
    const later = (
      await clashCheck('operator', { ...body, waktu_mulai: at('21:00:00'), pengajar_kelas: [] })
    ).json().data;
    expect(later.bentrok_ruangan.data).toEqual([]);
    const outside = new Date(`${day}T20:00:00+07:00`);
    outside.setUTCDate(outside.getUTCDate() + 7 * 52 * 3);
    const far = (
      await clashCheck('operator', {
        ...body,
        waktu_mulai: outside.toISOString(),
        waktu_selesai: new Date(outside.getTime() + 90 * 60_000).toISOString(),
      })
    ).json().data;
    expect(far.bentrok_ruangan.data).toEqual([]);
    expect(far.bentrok_pengajar.data).toEqual([]);
    // A class's own weekly slot is where its meetings go: no clash for AK2102 itself.
    const own = (
      await clashCheck('operator', { ...body, id_kelas_kuliah: roomClass, pengajar_kelas: [] })
    ).json().data;
    expect(own.bentrok_ruangan.data).toEqual([]);

    // A weekly-slot clash does not block saving a meeting there.
    const m12 = await meetingWhere(`m.kelas_id = $1 and m.nomor = 12`, [sharedClassId]);
    const sesi = (await get('dosen', '/v2/lms/sesi_kuliah')).json().data as { id: string; nama: string }[];
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/v2/lms/pertemuan/${m12.id}`,
      headers: as('dosen'),
      payload: {
        jenis: 'online',
        id_sesi: sesi.find((s) => s.nama === 'Sesi 5')!.id,
        waktu_mulai: at('20:00:00'),
        waktu_selesai: at('21:30:00'),
      },
    });
    expect(saved.statusCode).toBe(200);

    // When AK2102 really meets in the room then, the meeting is the clash (once), and it blocks.
    const meeting = await createMeeting(t.database, {
      collegeId: 'demo',
      classId: roomClass,
      nomor: 90,
      judul: 'Pertemuan tambahan',
      waktuMulai: new Date(at('19:30:00')),
      waktuSelesai: new Date(at('21:00:00')),
      ruanganId: aula!.id,
      // Only the room is shared: no teachers, so no teacher clash.
      teacherIds: [],
    });
    const real = clashCheckResultSchema.parse((await clashCheck('operator', body)).json().data);
    expect(real.bentrok_ruangan.data).toEqual([
      expect.objectContaining({ sumber: 'pertemuan', id_pertemuan: meeting.meetingId, nomor: 90 }),
    ]);
    expect(real.bentrok_ruangan.is_ignorable).toBe(false);
    expect(real.is_blocking).toBe(true);

    await t.database.query(`delete from meetings where id = $1`, [meeting.meetingId]);
    await t.database.query(
      `delete from class_schedules where kelas_id in ($1, $2) and jam_mulai >= '19:30'`,
      [roomClass, teacherClass],
    );
  });

  it('refuses students, readers, other colleges and bad input', async () => {
    const body = {
      id_kelas_kuliah: sharedClassId,
      waktu_mulai: '2031-01-06T10:00:00+07:00',
      waktu_selesai: '2031-01-06T11:00:00+07:00',
    };
    expect((await clashCheck('mahasiswa', body)).statusCode).toBe(403);
    expect((await clashCheck('operator.lihat', body)).statusCode).toBe(403);
    // A lecturer checks only the classes they teach.
    const [untaught] = await t.database.query<{ id: string }>(
      `select c.id from classes c where c.college_id = 'demo' and not exists (
         select 1 from class_teachers ct join users u on u.id = ct.dosen_id
          where ct.kelas_id = c.id and u.username = 'dosen') limit 1`,
    );
    expect((await clashCheck('dosen', { ...body, id_kelas_kuliah: untaught!.id })).statusCode).toBe(403);
    expect((await clashCheck('operator', { ...body, id_kelas_kuliah: other.classId })).statusCode).toBe(404);
    const reversed = await clashCheck('operator', { ...body, waktu_selesai: '2031-01-06T09:00:00+07:00' });
    expect(reversed.json().status.code).toBe('jadwal_tidak_valid');
    expect((await clashCheck('operator', { ...body, waktu_mulai: 'besok' })).statusCode).toBe(400);
  });
});

describe('GET /v2/lms/jadwal', () => {
  const week = () => {
    const start = new Date(Date.now() - 3 * 86_400_000);
    const end = new Date(start.getTime() + 7 * 86_400_000);
    return `waktu_mulai=${start.toISOString()}&waktu_selesai=${end.toISOString()}`;
  };

  it('shows a student the meetings of their classes this week', async () => {
    const res = await get('mahasiswa', `/v2/lms/jadwal?${week()}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta.time_zone).toBe('Asia/Jakarta');
    expect(body.data.length).toBeGreaterThanOrEqual(6);
    const mine = await t.database.query<{ kelas_id: string }>(
      `select cs.kelas_id from class_students cs join users u on u.id = cs.mahasiswa_id where u.username = 'mahasiswa'`,
    );
    const ids = new Set(mine.map((r) => r.kelas_id));
    expect(body.data.every((m: { kelas_kuliah: { id: string } }) => ids.has(m.kelas_kuliah.id))).toBe(true);
    const times = body.data.map((m: { waktu_mulai: string }) => m.waktu_mulai);
    expect([...times].sort()).toEqual(times);
  });

  it('shows a lecturer their teaching, and operators every class with filters', async () => {
    const lecturer = (await get('dosen', `/v2/lms/jadwal?${week()}`)).json();
    expect(lecturer.data.length).toBeGreaterThanOrEqual(3);
    const all = (await get('operator.lihat', `/v2/lms/jadwal?${week()}`)).json();
    expect(all.meta.total_items).toBeGreaterThan(lecturer.meta.total_items);
    const one = (await get('operator', `/v2/lms/jadwal?${week()}&id_kelas_kuliah=${sharedClassId}`)).json();
    expect(one.data.every((m: { kelas_kuliah: { id: string } }) => m.kelas_kuliah.id === sharedClassId)).toBe(
      true,
    );
    const si = (await get('operator', `/v2/lms/jadwal?${week()}&id_prodi=demo-si`)).json();
    expect(si.meta.total_items).toBeGreaterThan(0);
    expect(si.meta.total_items).toBeLessThan(all.meta.total_items);
    const budi = await t.database.query<{ id: string }>(`select id from users where username = 'dosen'`);
    const byTeacher = (await get('operator', `/v2/lms/jadwal?${week()}&id_dosen=${budi[0]!.id}`)).json();
    expect(byTeacher.meta.total_items).toBe(lecturer.meta.total_items);

    type Item = { kelas_kuliah: { id: string; mata_kuliah: { id: string } }; ruangan: { id: string } | null };
    const byCourse = (await get('operator', `/v2/lms/jadwal?${week()}&id_mata_kuliah=IF2102`)).json();
    expect(byCourse.meta.total_items).toBeGreaterThan(0);
    expect(byCourse.data.every((m: Item) => m.kelas_kuliah.mata_kuliah.id === 'IF2102')).toBe(true);
    const roomId = all.data.find((m: Item) => m.ruangan)!.ruangan.id;
    const byRoom = (await get('operator', `/v2/lms/jadwal?${week()}&id_ruangan=${roomId}`)).json();
    expect(byRoom.meta.total_items).toBeGreaterThan(0);
    expect(byRoom.data.every((m: Item) => m.ruangan?.id === roomId)).toBe(true);
    // The previous period has no meetings this week.
    const previous = (await get('operator', `/v2/lms/jadwal?${week()}&periode=20252`)).json();
    expect(previous.meta.total_items).toBe(0);
    const current = (await get('operator', `/v2/lms/jadwal?${week()}&periode=20261`)).json();
    expect(current.meta.total_items).toBe(all.meta.total_items);
  });

  it('filters one lecturer’s timetable by id_dosen from the lecturer directory', async () => {
    const lecturer = (await get('dosen', `/v2/lms/jadwal?${week()}`)).json();
    const [{ nidn }] = (await t.database.query<{ nidn: string }>(
      `select l.nidn from lecturers l join users u on u.id = l.user_id where u.username = 'dosen'`,
    )) as [{ nidn: string }];
    const [budi] = (await get('operator', `/v2/lms/dosen?search=${nidn}`)).json().data as { id: string }[];
    expect(budi).toBeDefined();
    const byTeacher = (await get('operator.lihat', `/v2/lms/jadwal?${week()}&id_dosen=${budi!.id}`)).json();
    const ids = (list: { data: { id: string }[] }) => list.data.map((m) => m.id).sort();
    expect(byTeacher.meta.total_items).toBeGreaterThan(0);
    expect(ids(byTeacher)).toEqual(ids(lecturer));
    // Every meeting shown has the lecturer ticked as its teacher.
    const ticked = await t.database.query<{ pertemuan_id: string }>(
      `select pertemuan_id from meeting_teachers where dosen_id = $1 and is_pengajar`,
      [budi!.id],
    );
    const tickedIds = new Set(ticked.map((r) => r.pertemuan_id));
    expect(byTeacher.data.every((m: { id: string }) => tickedIds.has(m.id))).toBe(true);
    // Combined with another filter, and with a lecturer of no meetings (another college's id): nothing else.
    const one = (
      await get('operator', `/v2/lms/jadwal?${week()}&id_dosen=${budi!.id}&id_kelas_kuliah=${sharedClassId}`)
    ).json();
    expect(one.data.every((m: { kelas_kuliah: { id: string } }) => m.kelas_kuliah.id === sharedClassId)).toBe(
      true,
    );
    const nobody = (
      await get('operator', `/v2/lms/jadwal?${week()}&id_dosen=00000000-0000-4000-8000-00000000ffff`)
    ).json();
    expect(nobody.meta.total_items).toBe(0);
    expect((await get('operator', `/v2/lms/jadwal?${week()}&id_dosen=budi`)).statusCode).toBe(400);
  });

  it('refuses a bad range and operators without read', async () => {
    const reversed = await get(
      'operator',
      '/v2/lms/jadwal?waktu_mulai=2030-01-02T00:00:00Z&waktu_selesai=2030-01-01T00:00:00Z',
    );
    expect(reversed.statusCode).toBe(400);
    const tooLong = await get(
      'operator',
      '/v2/lms/jadwal?waktu_mulai=2030-01-01T00:00:00Z&waktu_selesai=2030-06-01T00:00:00Z',
    );
    expect(tooLong.statusCode).toBe(400);
    const noRights = await createUser(t.database, { collegeId: 'demo', role: 'operator', permissions: {} });
    const refused = await authedRequest(t.app, await signToken(t.app, noRights), {
      url: `/v2/lms/jadwal?${week()}`,
    });
    expect(refused.statusCode).toBe(403);
  });
});
