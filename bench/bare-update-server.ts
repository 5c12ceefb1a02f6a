// The baseline of the exam start-storm benchmark: a bare Fastify route that runs one single-row UPDATE
// on PostgreSQL (no sign-in, no validation, no tenancy), in its own process like the real server.
//   node --import tsx bench/bare-update-server.ts <databaseUrl> <port>
import Fastify from 'fastify';
import pg from 'pg';

const [databaseUrl, port] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
await pool.query(
  'create table if not exists bench_bare (id int primary key, n bigint not null default 0, updated_at timestamptz)',
);
await pool.query('insert into bench_bare (id) select generate_series(1, 2000) on conflict do nothing');
const app = Fastify({ logger: false });
app.put<{ Params: { id: string } }>('/bare/:id', async (request) => {
  const { rows } = await pool.query<{ n: string }>(
    'update bench_bare set n = n + 1, updated_at = now() where id = $1 returning n',
    [Number(request.params.id)],
  );
  return { n: Number(rows[0]?.n ?? 0) };
});
app.get('/ready', async () => ({ ok: true }));
await app.listen({ port: Number(port), host: '127.0.0.1' });
