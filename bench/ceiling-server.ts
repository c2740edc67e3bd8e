/**
 * The ceiling of this machine for the load bench: a bare Fastify app whose one route does one
 * indexed SELECT through a pg Pool of the same size as the server's. Started by bench/run.ts as a
 * child process (DATABASE_URL, PORT), so it meets the same costs as the real server: a process of
 * its own, HTTP parsing, one database round trip, JSON out.
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

app.get<{ Querystring: { id?: string } }>('/ceiling', async (request) => {
  const { rows } = await pool.query<{ id: number }>('select id from users where id = $1', [
    Number(request.query.id ?? 1),
  ]);
  return { id: rows[0]?.id ?? null };
});

const shutdown = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
