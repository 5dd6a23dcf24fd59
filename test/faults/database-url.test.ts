// Issue 9 §2 with DATABASE_URL: `npm start` waits for a database that is not there yet instead of
// exiting, answers 503 while it goes away later, and serves again when it is back, by itself.
import t from 'tap';
import { testDatabase } from '../helpers/db.js';
import { startAlea, workDir } from '../helpers/process.js';
import { tcpProxy } from '../helpers/tcp-proxy.js';

const until = async (what: string, check: () => boolean | Promise<boolean>) => {
  for (let i = 0; i < 1200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting: ${what}`);
};

t.test('with DATABASE_URL: waits for the database at start, 503 while it is gone, serves again when back', async (t) => {
  const db = await testDatabase(t, { migrate: false });
  const proxy = await tcpProxy(t, db.url);
  await proxy.down();
  const cwd = await workDir(t);
  const alea = startAlea(t, cwd, { DATABASE_URL: proxy.url });
  await until('a retry is logged', () => alea.logs().some((l) => /the database is unavailable; trying again in \d+ s/.test(l.msg)));
  t.equal(alea.child.exitCode, null, 'still running, waiting for its database');

  await proxy.up();
  const url = await alea.listening;
  t.equal((await fetch(`${url}/healthz`)).status, 200, 'it started once the database came');
  const registered = await fetch(`${url}/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'waiting@example.org', password: 'correct horse battery', name: 'Waiting' }),
  });
  t.equal(registered.status, 201);
  const auth = { authorization: `Bearer ${((await registered.json()) as { token: string }).token}` };

  await proxy.down();
  const down = await fetch(`${url}/v1/games`, { headers: auth });
  t.equal(down.status, 503, 'the database gone: 503');
  t.equal(down.headers.get('retry-after'), '2');
  t.match(await down.json(), { code: 'service_unavailable' });

  await proxy.up();
  t.equal((await fetch(`${url}/v1/games`, { headers: auth })).status, 200, 'back: served again without a restart');
  alea.child.kill('SIGTERM');
  t.equal((await alea.exited).code, 0);
});
