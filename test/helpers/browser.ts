// Real Chromium for the web client's tests: Debian's chromium-headless-shell driven by
// playwright-core (Playwright's own browser download cannot work on these machines). Without
// the browser the tests are skipped with one line saying how to install it; CI installs it
// (.ci/run). Every page is watched: console errors and failed requests fail the test.
import axeCore, { type NodeResult, type Result, type RunOptions } from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { Test } from 'tap';
import { Client } from './api.js';
import { CHROMIUM } from './chromium.js';
import { atProcessEnd } from './process-end.js';

export { CHROMIUM, chromiumPresent, INSTALL_HINT } from './chromium.js';

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

// One Chromium per test process, started by the first test that needs it and closed when the
// process's tests are over: `npm test` runs many files in one process (test/suite/parts.ts), and
// each start of the browser cost about half a second of CPU. Tests stay apart as before: each
// person is a context of their own, and the contexts a test opened are closed when it ends.
let shared: Promise<Browser> | undefined;

function sharedBrowser(t: Test): Promise<Browser> {
  if (!shared) {
    const started = chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
    shared = started;
    started.then(
      (b) => b.on('disconnected', () => shared === started && (shared = undefined)),
      () => shared === started && (shared = undefined),
    );
    atProcessEnd(t, async () => {
      if (shared === started) shared = undefined;
      await (await started.catch(() => undefined))?.close();
    });
  }
  return shared;
}

/** The process's Chromium, for test `t`: the contexts opened from now on are closed when `t` ends. */
export async function launch(t: Test): Promise<Browser> {
  const browser = await sharedBrowser(t);
  const before = new Set(browser.contexts());
  t.teardown(async () => {
    if (!browser.isConnected()) return;
    await Promise.all(browser.contexts().filter((c) => !before.has(c)).map((c) => c.close().catch(() => {})));
  });
  return browser;
}

export interface Watched {
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors seen so far. */
  errors: string[];
}

export const LAPTOP = { width: 1440, height: 900 };
export const PHONE = { width: 375, height: 667 };

/** A fresh context (a separate person: own storage) with one page, watched for errors. */
export async function person(browser: Browser, base: string, viewport = LAPTOP): Promise<Watched> {
  const context = await browser.newContext({ baseURL: base, viewport, ...(viewport === PHONE && { isMobile: true, hasTouch: true, deviceScaleFactor: 2 }) });
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  return { context, page, errors };
}

/** The rules axe-core runs: WCAG 2.2 AA (target size included) and its best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe-core on the page as it is now: the serious and critical violations, as readable lines.
 * axe-core's own `axe.run` in the page (Alea's pages have no frames), its 1.3 MB source evaluated
 * once per document and kept across the client's own navigations; only violations gathered.
 */
export async function axe(page: Page): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe?.run === "function"'))) await page.evaluate(axeCore.source);
  const options: RunOptions = { runOnly: { type: 'tag', values: AXE_TAGS }, resultTypes: ['violations'] };
  const violations = await page.evaluate(async (o) => (await (globalThis as unknown as { axe: typeof axeCore }).axe.run((globalThis as unknown as { document: never }).document, o)).violations, options);
  return violations
    .filter((v: Result) => v.impact === 'serious' || v.impact === 'critical')
    .map((v: Result) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n: NodeResult) => n.target.join(' ')).slice(0, 3).join(', ')})`);
}

/** Expected console noise: a 409 a test provokes on purpose would be listed here (none so far). */
export function realErrors(errors: string[]): string[] {
  return errors.filter((e) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(e));
}

export const PASSWORD = 'correct horse battery';
let people = 0;
/** A fresh email address for a person a test signs up. */
export const emailFor = (name: string) => `${name.toLowerCase()}.${process.pid}.${++people}@example.org`;

/**
 * Two people registered through the API (addresses unconfirmed), Caesar's private Julius Caesar
 * game and Pompey joined through its invite: the game's id and each role's token, for pages that
 * follow a game the test plays through the API.
 */
export async function privateGameOverApi(base: string, caesar: string, pompey: string): Promise<{ id: string; tokens: Record<'Caesar' | 'Pompey', string> }> {
  const anon = new Client(base);
  const register = async (name: string) => (await anon.post('/v1/auth/register', { email: emailFor(name), password: PASSWORD, name })).body.token as string;
  const tokens = { Caesar: await register(caesar), Pompey: await register(pompey) };
  const created = (await anon.withToken(tokens.Caesar).post('/v1/games', { game: 'julius-caesar', role: 'Caesar', visibility: 'private' })).body;
  const joined = await anon.withToken(tokens.Pompey).post(`/v1/games/${created.id}/join`, { inviteCode: created.invite.code });
  if (joined.status !== 200) throw new Error(`join: ${joined.status} ${joined.text}`);
  return { id: created.id as string, tokens };
}

/** Signs up from the sign-in page's "Create an account" tab. */
export async function signUpIn(p: Page, name: string, address: string): Promise<void> {
  await p.getByRole('tab', { name: 'Create an account' }).click();
  await p.getByLabel('Your name').fill(name);
  await p.getByLabel('Email').fill(address);
  await p.getByLabel(/^Password/).fill(PASSWORD);
  await p.getByRole('button', { name: 'Create my account' }).click();
}
