// The board, second pass (issue 41), in real Chromium: a watcher sees who plays (names and, in a
// rated game, ratings) in the heading and the status; the replay, the record, the rules at their
// publisher's and the check of a record are one click from the status panel.
import t from 'tap';
import { startGame } from '../helpers/api.js';
import { boardTests, screenshot } from '../helpers/board-walk.js';
import { axe, LAPTOP, PHONE, realErrors } from '../helpers/browser.js';
import { about as jcAbout } from '../../src/engine/julius-caesar/about.js';

const { server, browser, open } = await boardTests(t);

t.test('a watcher sees both players by name, in the heading and the status', async (t) => {
  const g = await startGame(server, { visibility: 'public' });
  const watcher = await server.signUp('Varro');
  for (const viewport of [LAPTOP, PHONE]) {
    const w = await open(browser, { ...watcher, role: '' }, g.id, viewport);
    const heading = await w.page.locator('main .status-line').first().innerText();
    t.match(heading, /Watching Caesar Marcus against Pompey Gnaeus/, `the heading names both players (${viewport.width} px)`);
    const status = await w.page.getByRole('region', { name: 'Game status' }).innerText();
    t.match(status, /Waiting for Caesar \(Marcus\) and Pompey \(Gnaeus\)/, 'the status names whom it waits for');
    t.same(await axe(w.page), [], 'axe: the watcher\'s page');
    await screenshot(w.page, viewport === LAPTOP ? 'watcher.png' : 'phone-watcher.png');
    t.same(realErrors(w.errors), [], 'no console errors');
    await w.context.close();
  }
});

t.test('the replay, the record, the rules and the check of a record, one click from the status panel', async (t) => {
  const g = await startGame(server);
  const w = await open(browser, g.caesar, g.id);
  const links = w.page.getByRole('navigation', { name: 'Replay, record and rules' });
  t.ok(await links.isVisible(), 'in the status panel, on the first screen');
  const inStatus = await w.page.getByRole('region', { name: 'Game status' }).getByRole('navigation', { name: 'Replay, record and rules' }).count();
  t.equal(inStatus, 1, 'inside the status panel');
  const rules = links.getByRole('link', { name: /^Rules of Julius Caesar/ });
  t.equal(await rules.getAttribute('href'), jcAbout.rules.url, "the rules at their publisher's page");
  t.equal(await links.getByRole('link', { name: 'Check a record' }).getAttribute('href'), '/verify');
  const box = await links.boundingBox();
  t.ok(box && box.y + box.height <= LAPTOP.height, 'the links are on the first screen, without scrolling');
  const download = w.page.waitForEvent('download');
  await links.getByRole('button', { name: 'Record (JSON)' }).click();
  t.match((await download).suggestedFilename(), /\.json$/, 'the record is one click away');
  await links.getByRole('button', { name: 'Replay' }).click();
  await w.page.getByRole('region', { name: 'Replay' }).waitFor();
  t.pass('the replay is one click away');
  t.same(realErrors(w.errors), [], 'no console errors');
  await w.context.close();
});
