// Issue 9 §3: failed and expired emails are visible to an operator, and re-queued on request,
// through `npm run outbox` (src/cli/outbox.ts) on a real database.
import { spawn } from 'node:child_process';
import t from 'tap';
import { testDatabase } from '../helpers/db.js';
import { nodeArgs } from '../helpers/entry.js';

function outbox(url: string, args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [...nodeArgs('src/cli/outbox.ts'), ...args], { env: { ...process.env, DATABASE_URL: url } });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c));
  child.stderr.on('data', (c: Buffer) => (err += c));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out, err })));
}

t.test('npm run outbox lists failed and expired emails with their last error, and re-queues them', async (t) => {
  const { prisma, url } = await testDatabase(t);
  const make = (status: 'sent' | 'failed' | 'expired', i: number) =>
    prisma.outboxEmail.create({
      data: { kind: 'your-turn', status, attempts: 9, lastError: status === 'sent' ? null : `connect ECONNREFUSED ${i}`, toAddress: `p${i}@example.org`, subject: `Subject ${i}`, textBody: 'secret body', createdAt: new Date(Date.now() - 72 * 3600_000) },
    });
  const sent = await make('sent', 1);
  const failed = await make('failed', 2);
  const expired = await make('expired', 3);
  const list = await outbox(url, []);
  t.equal(list.code, 0, list.err);
  t.match(list.out, /outbox: .*sent 1/);
  t.match(list.out, new RegExp(`^${expired.id}\\texpired\\tyour-turn\\t.*p3@example.org\\tSubject 3\\n\\tlast error: connect ECONNREFUSED 3`, 'm'));
  t.match(list.out, new RegExp(`^${failed.id}\\tfailed\\t`, 'm'));
  t.notMatch(list.out, new RegExp(`^${sent.id}\\t`, 'm'), 'sent emails are not listed');
  t.notMatch(list.out, /secret body/, 'bodies are not printed');

  const requeued = await outbox(url, ['--requeue', 'all-expired']);
  t.equal(requeued.out, 're-queued 1 email\n');
  const row = await prisma.outboxEmail.findUniqueOrThrow({ where: { id: expired.id } });
  t.equal(row.status, 'pending');
  t.equal(row.attempts, 0);
  t.ok(row.expiresAt && row.expiresAt.getTime() > Date.now() + 47 * 3600_000, 'a fresh 48 h to be useful in');
  t.equal((await outbox(url, ['--requeue', String(failed.id)])).out, 're-queued 1 email\n');
  t.equal((await prisma.outboxEmail.findUniqueOrThrow({ where: { id: failed.id } })).status, 'pending');
  const none = await outbox(url, ['--requeue', String(sent.id)]);
  t.equal(none.code, 1, 'a sent email is not sent again');
  const bad = await outbox(url, ['--requeue', 'everything']);
  t.equal(bad.code, 2);
  t.match(bad.err, /outbox id, all-expired or all-failed/);
});
