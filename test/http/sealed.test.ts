// Sealed card plays (POST /plays): both orders of arrival, changing a card before the reveal,
// both players at the same moment, the version rule, errors; and nothing leaks before the reveal.
import t from 'tap';
import { verifyGames } from '../../src/app/games/verify.js';
import { act, apiServer, commandCard, discardBoth, look, startGame, type ApiServer, type Started, type User } from '../helpers/api.js';

/** Every card id in the text, as a set. */
const cardsIn = (text: string) => new Set(text.match(/\bK\d\d\b/g) ?? []);

async function atCardPlay(s: ApiServer): Promise<Started> {
  const g = await startGame(s);
  await discardBoth(g);
  return g;
}

const play = (u: User, id: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  u.client.post(`/v1/games/${id}/plays`, body, { headers });

for (const first of ['Caesar', 'Pompey'] as const) {
  t.test(`${first} plays first: the opponent sees only "played"; the second card reveals both`, async (t) => {
    const s = await apiServer(t);
    const g = await atCardPlay(s);
    const second = first === 'Caesar' ? 'Pompey' : 'Caesar';
    const [a, b] = [g.byRole[first]!, g.byRole[second]!];
    const cardA = commandCard(await look(a, g.id));
    const cardB = commandCard(await look(b, g.id));
    const sealed = await play(a, g.id, { card: cardA });
    t.equal(sealed.status, 200);
    t.match(sealed.body, { pending: [second], view: { phase: 'card', cards: { [first]: { played: true, card: cardA } } } });
    t.ok(sealed.body.legalActions.length > 0, 'the player may still change the card');
    t.notOk(sealed.body.legalActions.some((x: any) => x.card === cardA), 'to another one');

    const seen = await look(b, g.id);
    t.same(seen.view.cards[first], { played: true, card: null, actsAs: null }, 'the opponent sees that a card is in, not which');
    const watcher = await s.signUp('Cicero');
    const watched = await look(watcher, g.id);
    t.same(watched.view.cards[first], { played: true, card: null, actsAs: null });
    for (const text of [JSON.stringify(seen), JSON.stringify(watched), (await b.client.get(`/v1/games/${g.id}/log`)).text, (await watcher.client.get(`/v1/games/${g.id}/log`)).text]) {
      t.notOk(cardsIn(text).has(cardA), 'the sealed card appears nowhere the others can read');
    }

    const revealed = await play(b, g.id, { card: cardB });
    t.equal(revealed.status, 200);
    t.match(revealed.body.view.cards, { [first]: { played: true, card: cardA }, [second]: { played: true, card: cardB } });
    t.not(revealed.body.view.phase, 'card', 'the round moved on at once');
    const log = (await watcher.client.get(`/v1/games/${g.id}/log`)).body.entries as string[];
    t.equal(log.filter((e) => e.startsWith('Cards revealed')).length, 1, 'revealed once');
    t.match((await look(watcher, g.id)).view.cards, { Caesar: { card: String }, Pompey: { card: String } }, 'now everyone sees both');
  });
}

t.test('a player may change a sealed card until the second card arrives; the change is secret', async (t) => {
  const s = await apiServer(t);
  const g = await atCardPlay(s);
  // Two command cards if the deal gave two (a random deal may not: then any two cards of the hand).
  const cards = (await look(g.caesar, g.id)).legalActions.map((a: any) => a.card) as string[];
  const commands = cards.filter((c) => c >= 'K08');
  const [c1, c2] = commands.length >= 2 ? commands : cards;
  await play(g.caesar, g.id, { card: c1 });
  const before = await look(g.pompey, g.id);
  const changed = await play(g.caesar, g.id, { card: c2 });
  t.equal(changed.status, 200);
  t.equal(changed.body.view.cards.Caesar.card, c2);
  t.match((await g.caesar.client.get(`/v1/games/${g.id}/log`)).body.entries.slice(-1), [/changes his card to/]);
  const after = await look(g.pompey, g.id);
  // Nothing changes for Pompey but a hidden entry at the end of his log, which keeps its number (issue 41).
  t.same({ ...after.view, log: null }, { ...before.view, log: null }, "Pompey's view does not change but for its log");
  t.equal(after.logLength, before.logLength + 1);
  t.equal(after.view.log.at(-1), 'An entry only Caesar may see.', 'the change shows as a hidden entry, never its card');
  t.notOk(cardsIn(JSON.stringify(after)).has(c1) || cardsIn(JSON.stringify(after)).has(c2));
  const again = await play(g.caesar, g.id, { card: c2 });
  t.match(again, { status: 422, body: { code: 'illegal_action', detail: /not one of the cards you may play now/ } }, 'the current choice is not a change');
  const revealed = await play(g.pompey, g.id, { card: commandCard(after) });
  t.equal(revealed.body.view.cards.Caesar.card, c2, 'the last choice counts');
  const tooLate = await play(g.caesar, g.id, { card: c1 });
  t.equal(tooLate.status, 422, 'no change after the reveal');
});

t.test('both players play at the same moment from the same version: both accepted, one reveal', async (t) => {
  const s = await apiServer(t);
  for (let round = 0; round < 3; round++) {
    const g = await atCardPlay(s);
    const version = (await look(g.caesar, g.id)).version;
    const cards = { Caesar: commandCard(await look(g.caesar, g.id)), Pompey: commandCard(await look(g.pompey, g.id)) };
    const [c, p] = await Promise.all([play(g.caesar, g.id, { card: cards.Caesar, version }), play(g.pompey, g.id, { card: cards.Pompey, version })]);
    t.same([c.status, p.status], [200, 200]);
    t.same([c.body.version, p.body.version].sort(), [version + 1, version + 2]);
    const after = await look(g.caesar, g.id);
    t.match(after.view.cards, { Caesar: { card: cards.Caesar }, Pompey: { card: cards.Pompey } });
    const log = (await g.caesar.client.get(`/v1/games/${g.id}/log`)).body.entries as string[];
    t.equal(log.filter((e) => e.startsWith('Cards revealed')).length, 1);
  }
  t.same((await verifyGames(s.db.prisma)).mismatches, []);
});

t.test('the version of a play: only the opponent\'s sealed choices may have happened since', async (t) => {
  const s = await apiServer(t);
  const g = await atCardPlay(s);
  const v = (await look(g.caesar, g.id)).version;
  // Two cards of the hand (the deal is random: it may hold a single command card).
  const [c1, c2] = (await look(g.caesar, g.id)).legalActions.map((a: any) => a.card) as string[];
  await play(g.caesar, g.id, { card: c1, version: v });
  const ownChange = await play(g.caesar, g.id, { card: c2, version: v });
  t.match(ownChange, { status: 409, body: { code: 'stale_version', currentVersion: v + 1 } }, 'my own change since: stale');
  const p = await play(g.pompey, g.id, { card: commandCard(await look(g.pompey, g.id)), version: v });
  t.equal(p.status, 200, "Caesar's sealed play since: not stale for Pompey");
  const later = await play(g.pompey, g.id, { card: 'K08', version: v });
  t.equal(later.status, 409, 'after the reveal, that version is stale');
  const future = await play(g.pompey, g.id, { card: 'K08', version: 999 });
  t.equal(future.status, 409);
});

t.test('play errors', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  // In the discard step, /plays makes the (sealed) discard.
  const discard = await play(g.caesar, g.id, { card: (await look(g.caesar, g.id)).view.hand[0] });
  t.equal(discard.status, 200);
  t.ok(discard.body.view.discard);
  await act(g.pompey, g.id, (await look(g.pompey, g.id)).legalActions[0]);
  const card = commandCard(await look(g.caesar, g.id));
  t.match(await play(g.caesar, g.id, { card: 'K99' }), { status: 422, body: { code: 'illegal_action' } });
  const pompeyCard = commandCard(await look(g.pompey, g.id));
  t.match(await play(g.caesar, g.id, { card: pompeyCard }), { status: 422, body: { code: 'illegal_action' } }, "the opponent's card");
  const watcher = await s.signUp('Cicero');
  t.match(await play(watcher, g.id, { card }), { status: 403, body: { code: 'forbidden' } });
  for (const [body, path] of [
    [{}, '/card'],
    [{ card: 12 }, '/card'],
    [{ card: '' }, '/card'],
    [{ card, version: 'x' }, '/version'],
    [{ card, action: { type: 'play' } }, '/action'],
  ] as const) {
    t.match(await play(g.caesar, g.id, body), { status: 400, body: { errors: [{ path }] } }, JSON.stringify(body));
  }
  await play(g.caesar, g.id, { card });
  await play(g.pompey, g.id, { card: pompeyCard });
  const command = await look(g.caesar, g.id);
  t.equal(command.view.phase, 'command');
  t.match(await play(g.caesar, g.id, { card: command.view.hand[0] }), { status: 422, body: { code: 'illegal_action', detail: /No card is to be played now/ } });
  t.match(await play(g.pompey, g.id, { card: command.view.hand[0] }), { status: 403, body: { code: 'not_your_turn' } });
  // An idempotent retry of a play.
  const h = { 'idempotency-key': 'play-1' };
  const g2 = await atCardPlay(s);
  const c = commandCard(await look(g2.caesar, g2.id));
  const r1 = await play(g2.caesar, g2.id, { card: c }, h);
  const r2 = await play(g2.caesar, g2.id, { card: c }, h);
  t.same([r1.status, r2.status, r2.headers.get('idempotent-replayed')], [200, 200, 'true']);
});
