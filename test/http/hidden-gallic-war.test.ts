// Hidden information in Caesar's Gallic War over the API: along a game played over HTTP, the
// Roman's and an observer's answers (the game, its log, the lists, refused actions) never show a
// Barbarian block outside the battle being fought by more than its side and place, the Barbarian's
// hand, or his sealed card before the reveal; nor, to anyone, the seed or the engine's state.
import t from 'tap';
import { apiServer, look } from '../helpers/api.js';
import { chooser } from '../helpers/chooser.js';

const STATE_KEYS = ['"seed"', '"rng"', '"deck"', '"sealed"', '"loc"', '"owner"', '"str"'];

t.test("the Roman and an observer learn nothing the rules hide, along a game over HTTP", async (t) => {
  const s = await apiServer(t);
  const roman = await s.signUp('Labienus');
  const barbarian = await s.signUp('Vercingetorix');
  const observer = await s.signUp('Strabo');
  const seats = { Roman: roman, Barbarian: barbarian } as const;
  const pick = chooser(31);
  const problems: string[] = [];
  let checks = 0;
  let sealedChecks = 0;

  const audit = async (id: string, step: number) => {
    const secret = await look(barbarian, id);
    // During a card play, a card already in stays face down until both are in (5.2).
    const sealed = secret.view.step === 'play' && secret.view.cards.Barbarian.played ? secret.view.cards.Barbarian.card : null;
    // Event cards have ids no area shares: their names in the Roman's answers would be a leak.
    const hiddenEvents = (secret.view.hand as string[]).filter((c) => /revolt|baggage/.test(c));
    for (const [who, u] of [['Roman', roman], ['observer', observer]] as const) {
      const game = (await u.client.get(`/v1/games/${id}`)).body;
      const texts = [JSON.stringify(game), (await u.client.get(`/v1/games/${id}/log`)).text, (await u.client.get('/v1/games?status=active')).text];
      // A Barbarian unit's move, tried with the Barbarian's own blocks: refused without telling whose they are.
      const theirs = (secret.view.blocks as any[]).filter((b) => b.side === 'Barbarian' && b.id).slice(0, 3);
      for (const b of theirs) texts.push((await u.client.post(`/v1/games/${id}/actions`, { action: { type: 'fire', block: b.id }, version: game.version })).text.split(b.id).join('<guess>'));
      const battle = game.view.battle?.area;
      for (const b of game.view.blocks) {
        if (b.side !== 'Barbarian' || b.location === battle) continue;
        const extra = Object.keys(b).filter((k) => !['location', 'side', 'reserve'].includes(k));
        if (extra.length) problems.push(`step ${step}: ${who} sees ${extra.join(', ')} of a Barbarian block in ${b.location}`);
      }
      if (who === 'observer' && game.view.hand !== null) problems.push(`step ${step}: the observer has a hand`);
      if (sealed) {
        sealedChecks++;
        if (game.view.cards.Barbarian.card !== null || !game.view.cards.Barbarian.played) problems.push(`step ${step}: ${who} sees the sealed card, or not that one is in`);
      }
      const all = texts.join('\n');
      for (const k of STATE_KEYS) if (all.includes(k)) problems.push(`step ${step}: ${who}'s answers hold ${k}`);
      for (const c of hiddenEvents) if (all.includes(`"${c}"`) || all.includes(`${c}`)) problems.push(`step ${step}: ${who} sees the Barbarian's ${c}`);
      checks++;
    }
  };

  // Each game's dice are the service's own: random moves may end one early (Caesar killed, 9.0), so
  // games are played until the audits are enough (a few at most).
  for (let g = 0; g < 4 && (checks < 20 || sealedChecks < 4); g++) {
    const created = await roman.client.post('/v1/games', { game: 'caesars-gallic-war', role: 'Roman' });
    const id = created.body.id as string;
    await barbarian.client.post(`/v1/games/${id}/join`, {});
    for (let step = 0; step < 240; step++) {
      const game = await look(roman, id);
      if (game.status !== 'active') break;
      if (step % 12 === 0 || (game.view.step === 'play' && game.pending.length === 1 && game.pending[0] === 'Roman')) await audit(id, step);
      const role = game.pending[pick(game.pending.length)] as 'Roman' | 'Barbarian';
      const mine = await look(seats[role], id);
      const action = mine.legalActions[pick(mine.legalActions.length)];
      const { label: _label, ...bare } = action;
      const res = await seats[role].client.post(`/v1/games/${id}/actions`, { action: bare, version: mine.version });
      if (res.status !== 200) throw new Error(`${role} ${JSON.stringify(bare)}: ${res.status} ${res.text}`);
    }
  }
  t.ok(checks >= 20, `${checks} audits`);
  t.ok(sealedChecks >= 4, `${sealedChecks} of them while the Barbarian's card was sealed`);
  t.same(problems.slice(0, 5), [], 'nothing hidden is shown');
});
