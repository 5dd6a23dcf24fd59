// Labels on legal actions: every listed action carries the engine's human label, written from
// the caller's view; the label is output only, and an action sent back with it is accepted.
import t from 'tap';
import { verifyGames } from '../../src/app/games/verify.js';
import { apiServer, look, startGame, toCommand } from '../helpers/api.js';

t.test('every legal action carries a label; an observer and the waiting player get none', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const caesar = await look(g.caesar, g.id);
  t.ok(caesar.legalActions.length > 0);
  for (const a of caesar.legalActions) t.match(a.label, /^Discard (K\d\d: move \d, levy \d|\w+ \(god card\))$/, JSON.stringify(a));
  const command = await toCommand(g);
  const moves = command.legalActions.filter((a: any) => a.type === 'move');
  t.ok(moves.length > 0);
  const l13 = moves.find((a: any) => a.block === 'C-L13' && a.path.length === 1 && a.path[0] === 'Rome');
  t.match(l13, { label: 'Move Legio 13 Ravenna → Rome' });
  t.equal(command.legalActions.find((a: any) => a.type === 'done').label, 'End my command');
  t.equal(new Set(command.legalActions.map((a: any) => a.label)).size, command.legalActions.length, 'no two actions share a label');
  const pompey = await look(g.pompey, g.id);
  t.same(pompey.legalActions, [], 'the waiting player has nothing to label');
});

t.test('an action sent back with its label is accepted, and the log keeps the action without it', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const command = await toCommand(g);
  const listed = command.legalActions.find((a: any) => a.type === 'move' && a.block === 'C-L13');
  const res = await g.caesar.client.post(`/v1/games/${g.id}/actions`, { action: listed, version: command.version });
  t.equal(res.status, 200, res.text);
  const { label, ...action } = listed;
  t.ok(label);
  const last = await s.db.prisma.gameAction.findFirstOrThrow({ where: { gameId: g.id }, orderBy: { seq: 'desc' } });
  t.same(last.action, action, 'stored without its label');
  t.same(await verifyGames(s.db.prisma), { checked: 1, mismatches: [] }, 'and the log replays');

  // A label does not make an illegal action legal, whatever it says.
  const wrong = await g.caesar.client.post(`/v1/games/${g.id}/actions`, { action: { type: 'levy', block: 'C-L7', city: 'Rome', label: 'Pass' }, version: res.body.version });
  t.match(wrong, { status: 422, body: { code: 'illegal_action' } });
});
