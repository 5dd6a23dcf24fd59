// Email texts: subjects, links, escaping, and only what the recipient's view holds.

import t from 'tap';
import { gameEndedEmail, revealEmail, yourMoveEmail, type EmailContext, type ViewSummary } from '../../src/app/notify/email-templates.js';
import { endsCardPlay } from '../../src/app/notify/notifications.js';
import { definitions, games } from '../../src/engine/index.js';
import { testSeed } from '../helpers/seeds.js';

/** Each game's summary of a view given in part (the parts an email reads). */
const summaryOf = (game: string) => (v: Record<string, unknown>): ViewSummary => definitions[game]!.summary({ p1: null, log: [], prompt: '', ...v });
const jc = summaryOf('julius-caesar');
const cgw = summaryOf('caesars-gallic-war');

const ctx = (over: Partial<EmailContext> = {}): EmailContext => ({
  publicUrl: 'https://alea.example',
  game: { number: 42, title: 'Julius Caesar' },
  gameId: '42',
  recipient: { name: 'Ann <Admin>', role: 'Pompey' },
  view: jc({ year: 706, turn: 3, phase: 'card', prompt: 'Pompey: play a card face-down for turn 3.' }),
  unsubscribeUrl: 'https://alea.example/v1/unsubscribe?token=abc',
  ...over,
});

t.test('your-move email: subject, instruction, deep link, settings and unsubscribe links', async (t) => {
  const e = yourMoveEmail(ctx());
  t.equal(e.subject, 'Your move: Julius Caesar #42 — 706 (48 BC), turn 3, play a card', 'the Year as the pages write it (issue 41)');
  t.match(e.text, /Play a card face-down for turn 3\./);
  t.match(e.text, /https:\/\/alea\.example\/games\/42/);
  t.match(e.text, /https:\/\/alea\.example\/settings/);
  t.match(e.text, /unsubscribe\?token=abc/);
  t.match(e.html, /href="https:\/\/alea\.example\/games\/42"/);
  t.match(e.html, /Ann &lt;Admin&gt;/, 'names are escaped in HTML');
  t.notMatch(e.html, /<Admin>/);
});

t.test('calendar and task words', async (t) => {
  // Issue 41: the Year as the pages write it.
  t.equal(jc({ year: 705, turn: 0, phase: 'discard' }).when, '705 (49 BC)');
  t.equal(jc({ year: 707, turn: 6, phase: 'winter' }).when, 'Winter 707 (47 BC)');
  t.equal(jc({ year: 706, turn: 3, phase: 'card' }).when, '706 (48 BC), turn 3');
  t.equal(jc({ year: 706, phase: 'battle', battle: { location: 'Rome', round: 2 } }).task, 'battle in Rome');
  t.equal(jc({ year: 706, phase: 'command' }).task, 'give your orders');
  t.equal(jc({ year: 706, turn: 3, phase: 'card' }).sealed, true, 'the card phase is sealed');
});

t.test('reveal and game-over emails', async (t) => {
  const r = revealEmail(ctx({ view: jc({ year: 706, turn: 3, phase: 'command', p1: 'Caesar' }) }), ['Cards revealed: Caesar K09; Pompey K14.']);
  t.equal(r.subject, 'Cards revealed: Julius Caesar #42 — 706 (48 BC), turn 3: Caesar is Player 1');
  t.match(r.text, /Cards revealed: Caesar K09; Pompey K14\./);
  const g = gameEndedEmail(ctx(), { winner: 'Pompey', reason: 'Pompey has 10 VP at the Winter of 707', vp: { Caesar: 3, Pompey: 10 } });
  t.equal(g.subject, 'Game over: Julius Caesar #42 — you win');
  t.match(g.text, /Final VP: Caesar 3, Pompey 10\./);
  const d = gameEndedEmail(ctx(), { winner: null, reason: 'a draw', vp: { Caesar: 6, Pompey: 6 } });
  t.match(d.subject, /a draw$/);
});

t.test("Caesar's Gallic War's emails: its calendar and steps from its own view, and the end of its sealed card play", async (t) => {
  const m = games['caesars-gallic-war']!;
  let s = m.setup(testSeed(5));
  // Play on until the sealed card play (the Barbarian may first be offered the Massive Revolt).
  const summary = (state: unknown, role: string) => definitions['caesars-gallic-war']!.summary(m.view(state, role));
  for (let n = 0; n < 10 && !summary(s, 'Roman').sealed; n++) {
    const role = m.pending(s)[0]!;
    s = m.apply(s, role, m.legalActions(s, role)[0]!);
  }
  const v = summary(s, 'Roman');
  t.equal(v.when, '58 BC', 'the year BC');
  t.equal(v.task, 'play a card');
  const e = yourMoveEmail(ctx({ game: { number: 7, title: "Caesar's Gallic War" }, recipient: { name: 'Titus', role: 'Roman' }, view: v }));
  t.equal(e.subject, "Your move: Caesar's Gallic War #7 — 58 BC, play a card");
  t.notMatch(e.text, /Julius|Pompey|Player 1/, 'nothing of the other game');
  const afterRoman = m.apply(s, 'Roman', m.legalActions(s, 'Roman')[0]!);
  t.notOk(endsCardPlay(summary(s, 'Roman'), summary(afterRoman, 'Roman')), 'one card in: still sealed');
  const afterBoth = m.apply(afterRoman, 'Barbarian', m.legalActions(afterRoman, 'Barbarian')[0]!);
  t.ok(endsCardPlay(summary(afterRoman, 'Barbarian'), summary(afterBoth, 'Barbarian')), 'both in: revealed');
  t.equal(cgw({ yearBC: 58, step: 'battle', battle: { area: 'Aedui', round: 1 } }).task, 'battle in Aedui');
  t.equal(cgw({ yearBC: 57, step: 'winter-legions' }).task, 'winter');
});
