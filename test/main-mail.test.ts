// Emails from the real processes: `npm start` in development mode writes them as .eml files
// under ./.data/mail (and logs one line each); with WORKER=off the server sends nothing and
// `npm run worker`, alone, does.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import t from 'tap';
import { testDatabase } from './helpers/db.js';
import { nodeArgs } from './helpers/entry.js';
import { startAlea, workDir } from './helpers/process.js';
import { testSmtp } from './helpers/smtp.js';

/**
 * Two accounts, each address confirmed through its link (`linkOf` finds the token emailed to an
 * address), and a game between them: the creator's "your move" is on its way.
 */
async function signUpAndJoin(url: string, linkOf: (email: string) => Promise<string>): Promise<{ creator: string; game: { id: string; number: number } }> {
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as any;
  };
  const a = await post('/v1/auth/register', { email: 'first@example.org', password: 'correct horse battery', name: 'First' });
  const b = await post('/v1/auth/register', { email: 'second@example.org', password: 'correct horse battery', name: 'Second' });
  for (const email of ['first@example.org', 'second@example.org']) {
    const confirmed = await post('/v1/auth/email-confirmation', { token: await linkOf(email) });
    if (confirmed.email !== email) throw new Error(`confirm ${email}: ${JSON.stringify(confirmed)}`);
  }
  const game = await post('/v1/games', { game: 'julius-caesar', role: 'Caesar' }, a.token);
  const joined = await post(`/v1/games/${game.id}/join`, {}, b.token);
  if (joined.status !== 'active') throw new Error(`join: ${JSON.stringify(joined)}`);
  return { creator: 'first@example.org', game };
}

async function until<T>(what: string, get: () => T | undefined, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = get();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

t.test('npm start without SMTP_URL writes each email to ./.data/mail and logs one line for it', async (t) => {
  const cwd = await workDir(t);
  const alea = startAlea(t, cwd);
  const url = await alea.listening;
  t.ok(alea.logs().some((l) => /^SMTP_URL is not set: emails are written to .*\.data\/mail/.test(l.msg)), 'it says where emails go');
  const dir = join(cwd, '.data', 'mail');
  // The first .eml file that `pick` takes (waiting for it), parsed, with its name and text.
  const emailFile = async (what: string, pick: (m: ParsedMail) => boolean) => {
    for (const end = Date.now() + 15_000; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
      let files: string[] = [];
      try {
        files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
      } catch {
        // not written yet
      }
      for (const file of files) {
        const raw = readFileSync(join(dir, file), 'utf8');
        const parsed = await simpleParser(raw);
        if (pick(parsed)) return { file, raw, parsed };
      }
    }
    throw new Error(`timed out waiting for ${what}`);
  };
  const linkOf = async (email: string) => {
    const { parsed } = await emailFile(`the confirmation email to ${email}`, (m) => m.subject === 'Confirm your email address for Alea' && JSON.stringify(m.to).includes(email));
    return /\/verify-email\?token=([\w-]+)/.exec(parsed.text ?? '')![1]!;
  };
  const { game } = await signUpAndJoin(url, linkOf);
  const { file, raw, parsed } = await emailFile('the "your move" .eml file', (m) => /^Your move/.test(m.subject ?? ''));
  t.equal(parsed.subject, `Your move: Julius Caesar #${game.number} — 705 (49 BC), discard a card`);
  t.match(parsed.to, { text: 'first@example.org' });
  // PUBLIC_URL defaults to http://localhost:PORT (PORT=0 here).
  t.match(parsed.text, `/games/${game.id}`);
  t.match(parsed.text, /Second has joined as Pompey/);
  t.match(raw, /^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  const line = await until('the log line', () => alea.logs().find((l) => l.msg === 'email written (no SMTP_URL set)' && l.subject === parsed.subject));
  t.match(line, { to: 'first@example.org', subject: parsed.subject, file: join(dir, file) });
  alea.child.kill('SIGINT');
  t.same(await alea.exited, { code: 0, signal: null }, 'the worker stops with the server');
});

t.test('WORKER=off: the server sends nothing; npm run worker, alone, sends it over SMTP', async (t) => {
  const { url: databaseUrl, prisma } = await testDatabase(t);
  const smtp = await testSmtp(t);
  const cwd = await workDir(t);
  const env = { DATABASE_URL: databaseUrl, SMTP_URL: smtp.url, JWT_SECRET: 'process-test-secret-process-test-secret', PUBLIC_URL: 'https://alea.example' };
  const alea = startAlea(t, cwd, { ...env, WORKER: 'off' });
  const url = await alea.listening;
  t.ok(alea.logs().some((l) => /^WORKER=off/.test(l.msg)));
  await signUpAndJoin(url, async (email) => {
    const row = await prisma.outboxEmail.findFirst({ where: { kind: 'email-confirmation', toAddress: email } });
    return /\/verify-email\?token=([\w-]+)/.exec(row!.textBody!)![1]!;
  });
  await new Promise((r) => setTimeout(r, 2500));
  t.equal(smtp.received.length, 0, 'nothing sent by the server');
  t.equal(await prisma.outboxEmail.count({ where: { status: 'pending', kind: 'your-turn' } }), 1, 'the email waits in the outbox');

  const worker = spawn(process.execPath, nodeArgs('src/cli/worker.ts'), {
    cwd,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  worker.stdout!.on('data', (c) => (out += c));
  worker.stderr!.on('data', (c) => (out += c));
  const exited = new Promise<number | null>((resolve) => worker.on('exit', (code) => resolve(code)));
  t.teardown(() => {
    if (worker.exitCode === null) worker.kill('SIGKILL');
  });
  // A cold start (a fresh clone compiles every module through tsx) can be slow on a busy
  // machine: wait for the worker to be up, then give the delivery itself its own time.
  const started = Date.now();
  while (!out.includes('"msg":"worker started"')) {
    if (worker.exitCode !== null || Date.now() - started > 90_000) {
      t.fail(`the worker did not start:\n${out}`);
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const [m] = await smtp.waitFor(1, 20_000).catch(async (err: Error) => {
    // What the worker made of the row, to tell a slow worker from a stuck one or a dead one.
    const rows = await prisma.outboxEmail.findMany({ select: { status: true, attempts: true, nextAttemptAt: true, lastError: true } });
    throw new Error(`${err.message}; worker exit code ${worker.exitCode}; outbox ${JSON.stringify(rows)}; worker output:\n${out}`);
  });
  t.comment(`the worker sent it ${Date.now() - started} ms after it was spawned`);
  t.same(m!.to, ['first@example.org']);
  t.match(m!.subject, /^Your move: Julius Caesar #1/);
  t.match(m!.messageId, /@alea\.example>$/);
  t.match(m!.text, 'https://alea.example/games/');
  worker.kill('SIGTERM');
  t.equal(await exited, 0, out);
  t.match(out, /"msg":"worker stopped"/);
  t.equal(await prisma.outboxEmail.count({ where: { status: 'sent' } }), 1, 'that email alone: the confirmations, used before they were sent, were dropped');
});
