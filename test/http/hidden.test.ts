// Hidden information is a security property: whatever Pompey or an observer can call, nothing in
// any answer (bodies, errors, headers, event streams, logs, lists) gives away Caesar's hand, his
// sealed card, his discard, his blocks' identities and strengths, the seed, or the state.
import t from 'tap';
import { act, apiServer, commandCard, look, openEvents, startGame, type ApiServer, type Started, type User } from '../helpers/api.js';

/** Everything `u` can read about the game, through every endpoint, as text. */
async function everything(s: ApiServer, g: Started, u: User): Promise<string[]> {
  const id = g.id;
  const c = u.client;
  const texts: string[] = [];
  const add = (r: { status: number; headers: Headers; text: string }, guess?: string) => {
    const text = `${r.status} ${JSON.stringify([...r.headers.entries()])} ${r.text}`;
    // A guess sent by the caller may be echoed back in an error; that tells nothing (see the
    // oracle test below), so it is blanked out before looking for secrets.
    texts.push(guess ? text.split(guess).join('<guess>') : text);
  };
  add(await c.get(`/v1/games/${id}`));
  add(await c.get(`/v1/games/${id}/log`));
  add(await c.get('/v1/games'));
  add(await c.get('/v1/games?mine=true'));
  add(await c.get('/v1/games?status=active'));
  add(await c.get('/v1/me'));
  // Attempts at acting, including for the other side and with the other side's things.
  const caesarView = (await look(g.caesar, id)).view;
  const version = (await look(g.caesar, id)).version;
  for (const card of caesarView.hand as string[]) {
    for (const type of ['play', 'discard']) add(await c.post(`/v1/games/${id}/actions`, { action: { type, card }, version }), card);
    add(await c.post(`/v1/games/${id}/plays`, { card }), card);
  }
  for (const b of caesarView.blocks.filter((b: any) => b.side === 'Caesar' && b.id)) {
    add(await c.post(`/v1/games/${id}/actions`, { action: { type: 'move', block: b.id, path: ['Rome'] }, version }), b.id);
    add(await c.post(`/v1/games/${id}/actions`, { action: { type: 'levy', block: b.id, city: 'Rome' }, version }), b.id);
  }
  add(await c.post(`/v1/games/${id}/actions`, { action: { type: 'done' }, version }));
  add(await c.post(`/v1/games/${id}/undo`, {}));
  add(await c.post(`/v1/games/${id}/claim-timeout`, {}));
  add(await c.post(`/v1/games/${id}/extend`, { days: 1, version: version + 5 }));
  add(await c.post(`/v1/games/${id}/join`, { role: 'Caesar' }));
  add(await c.post(`/v1/games/${id}/actions`, { action: { type: 'done' }, version: version + 5 }));
  const stream = await openEvents(s.base, id, { token: u.token });
  await stream.waitFor(1);
  await stream.close();
  texts.push(stream.raw());
  return texts;
}

/** What must stay secret from Pompey and observers now. */
async function caesarSecrets(g: Started): Promise<string[]> {
  const v = (await look(g.caesar, g.id)).view;
  const revealed = new Set([v.cards.Caesar.card, v.cards.Pompey.card].filter((c: string | null) => c && v.phase !== 'card'));
  const cards = [...v.hand, v.discard].filter((c: string | null): c is string => !!c && !revealed.has(c));
  const blocks = v.blocks.filter((b: any) => b.side === 'Caesar' && b.id && b.id !== 'CLEO' && !b.revealed).map((b: any) => b.id);
  const pool = (v.pools.Caesar.available ?? []).map((b: any) => b.id);
  return [...cards, ...blocks, ...pool, g.caesar.email];
}

function leaks(texts: string[], secrets: string[]): string[] {
  const found: string[] = [];
  for (const text of texts) {
    for (const secret of secrets) if (new RegExp(`(?<![\\w-])${secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(text)) found.push(secret);
    for (const key of ['"seed"', '"rng"', '"state"', '"deck"', '"sealed"', 'passwordHash', 'password_hash']) if (text.includes(key)) found.push(key);
  }
  return [...new Set(found)];
}

t.test('Pompey and an observer learn nothing hidden, through any endpoint, at any stage', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const watcher = await s.signUp('Cicero');
  const check = async (stage: string) => {
    const secrets = await caesarSecrets(g);
    t.ok(secrets.length > 5, `${stage}: there are secrets to keep`);
    t.same(leaks(await everything(s, g, g.pompey), secrets), [], `${stage}: nothing leaks to Pompey`);
    t.same(leaks(await everything(s, g, watcher), secrets), [], `${stage}: nothing leaks to an observer`);
  };
  await check('dealt');
  await act(g.caesar, g.id, (await look(g.caesar, g.id)).legalActions[0]);
  await check('Caesar discarded');
  await act(g.pompey, g.id, (await look(g.pompey, g.id)).legalActions[0]);
  await act(g.caesar, g.id, { type: 'play', card: commandCard(await look(g.caesar, g.id)) });
  await check('Caesar sealed his card');
  await act(g.pompey, g.id, { type: 'play', card: commandCard(await look(g.pompey, g.id)) });
  await check('cards revealed');
  const command = await look(g.caesar, g.id);
  const move = command.legalActions.find((a: any) => a.type === 'move');
  await act(g.caesar, g.id, move);
  await check('Caesar moved a block');
});

t.test('no oracle: guessing one of Caesar\'s cards or blocks gets the same answer as guessing any other', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const caesar = (await look(g.caesar, g.id)).view;
  const pompey = (await look(g.pompey, g.id)).view;
  const all = Array.from({ length: 27 }, (_, i) => `K${String(i + 1).padStart(2, '0')}`);
  const elsewhere = all.find((k) => !caesar.hand.includes(k) && !pompey.hand.includes(k))!;
  const onMap = caesar.blocks.find((b: any) => b.side === 'Caesar' && b.id !== 'CLEO').id;
  const inPool = caesar.pools.Caesar.available[0].id;
  const answer = async (req: () => Promise<{ status: number; body: any }>, guess: string) => {
    const r = await req();
    const { requestId: _r, ...body } = r.body;
    return JSON.stringify({ status: r.status, body }).split(guess).join('<guess>');
  };
  const v = (await look(g.pompey, g.id)).version;
  for (const type of ['play', 'discard']) {
    const probe = (card: string) => answer(() => g.pompey.client.post(`/v1/games/${g.id}/actions`, { action: { type, card }, version: v }), card);
    t.equal(await probe(caesar.hand[0]), await probe(elsewhere), `${type}: Caesar's card or not, same answer`);
  }
  const probePlay = (card: string) => answer(() => g.pompey.client.post(`/v1/games/${g.id}/plays`, { card }), card);
  t.equal(await probePlay(caesar.hand[0]), await probePlay(elsewhere));
  for (const type of ['move', 'levy']) {
    const probe = (block: string) =>
      answer(() => g.pompey.client.post(`/v1/games/${g.id}/actions`, { action: { type, block, path: ['Rome'], city: 'Rome' }, version: v }), block);
    t.equal(await probe(onMap), await probe(inPool), `${type}: a block on the map or in the pool, same answer`);
  }
});

t.test('Caesar\'s own view shows what Pompey\'s hides (the test above tests something)', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const secrets = await caesarSecrets(g);
  const mine = JSON.stringify(await look(g.caesar, g.id));
  t.ok(secrets.slice(0, -1).every((x) => mine.includes(x)));
  t.ok(leaks([mine], secrets).length > 0, 'the leak detector finds them in Caesar\'s own answer');
});

t.test('an idempotent replay is only ever returned to the user who made the request', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const action = (await look(g.caesar, g.id)).legalActions[0];
  const mine = await g.caesar.client.post(`/v1/games/${g.id}/actions`, { action, version: 1 }, { headers: { 'idempotency-key': 'k' } });
  t.equal(mine.status, 200);
  const theirs = await g.pompey.client.post(`/v1/games/${g.id}/actions`, { action, version: 1 }, { headers: { 'idempotency-key': 'k' } });
  t.not(theirs.status, 200);
  t.same(leaks([theirs.text], [action.card]), []);
});
