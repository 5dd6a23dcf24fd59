// A small HTTP client for the API tests, over real HTTP (node:http to a listening server, on
// kept-alive connections), plus shortcuts: sign up users, start a game between two of them, read
// and act. (The end-to-end test uses the client generated from openapi.yaml instead, over fetch:
// test/client/.) node:http rather than fetch: the suite makes tens of thousands of requests, and
// fetch spent about twice the CPU on each. It sends what fetch would have sent that the server
// may read (accept, a text/plain type for a raw body), and gives the answer's headers as fetch's.
import { Agent, request as httpRequest } from 'node:http';
import type { Test } from 'tap';
import { listen, testServer, type TestServer, type TestServerOptions } from './server.js';

export interface Res<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  /** A JSON body; `raw` sends a string as it is instead. */
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}

const agent = new Agent({ keepAlive: true });

/** One request over node:http: the status, fetch-like headers and the body as text. */
function send(method: string, url: string, headers: Record<string, string>, body: string | undefined): Promise<Omit<Res, 'body'>> {
  return new Promise((resolve, reject) => {
    // The length always, as fetch gives it: node:http sends a DELETE's body without one, which the
    // server then reads as the start of the next request.
    const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const req = httpRequest(url, { method, agent, headers: { accept: '*/*', ...length, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const h = new Headers();
        for (let i = 0; i < res.rawHeaders.length; i += 2) h.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        resolve({ status: res.statusCode!, headers: h, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

export class Client {
  constructor(
    readonly base: string,
    readonly token?: string,
  ) {}

  withToken(token: string | undefined): Client {
    return new Client(this.base, token);
  }

  async request<T = any>(method: string, path: string, o: RequestOptions = {}): Promise<Res<T>> {
    const headers: Record<string, string> = { ...o.headers };
    if (this.token && !('authorization' in headers)) headers.authorization = `Bearer ${this.token}`;
    let body: string | undefined;
    if (o.raw !== undefined) body = o.raw;
    else if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers['content-type'] ??= 'application/json';
    }
    if (body !== undefined) headers['content-type'] ??= 'text/plain;charset=UTF-8';
    const res = await send(method, `${this.base}${path}`, headers, body);
    let parsed: unknown = res.text;
    if (/json/.test(res.headers.get('content-type') ?? '') && res.text) parsed = JSON.parse(res.text);
    return { ...res, body: parsed as T };
  }

  get<T = any>(path: string, o?: RequestOptions) {
    return this.request<T>('GET', path, o);
  }
  post<T = any>(path: string, body?: unknown, o: RequestOptions = {}) {
    return this.request<T>('POST', path, { ...o, ...(body !== undefined && { body }) });
  }
  patch<T = any>(path: string, body?: unknown, o: RequestOptions = {}) {
    return this.request<T>('PATCH', path, { ...o, ...(body !== undefined && { body }) });
  }
  delete<T = any>(path: string, o?: RequestOptions) {
    return this.request<T>('DELETE', path, o);
  }
}

export interface User {
  client: Client;
  id: string;
  email: string;
  name: string;
  token: string;
}

export interface ApiServer extends TestServer {
  base: string;
  anon: Client;
  /**
   * A new account, signed in. Its address is confirmed through the real flow (the link of the
   * confirmation email in the outbox, POSTed as the web page does), so that Alea emails it;
   * `{ confirmed: false }` leaves it unconfirmed.
   */
  signUp(name: string, o?: { confirmed?: boolean }): Promise<User>;
}

/** The token of the newest confirmation link emailed to this address (read from the outbox). */
export async function confirmationToken(s: Pick<TestServer, 'db'>, email: string): Promise<string> {
  const row = await s.db.prisma.outboxEmail.findFirst({ where: { kind: 'email-confirmation', toAddress: email }, orderBy: { id: 'desc' } });
  const token = /\/verify-email\?token=([\w-]+)/.exec(row?.textBody ?? '')?.[1];
  if (!token) throw new Error(`no confirmation link emailed to ${email}`);
  return token;
}

/** Confirms the address as its owner does: the emailed link's token, POSTed by the page it opens. */
export async function confirmEmailThroughLink(s: Pick<TestServer, 'db'> & { anon: Client }, email: string): Promise<void> {
  const res = await s.anon.post('/v1/auth/email-confirmation', { token: await confirmationToken(s, email) });
  if (res.status !== 200) throw new Error(`confirm ${email}: ${res.status} ${res.text}`);
}

let counter = 0;

export async function apiServer(t: Test, options: TestServerOptions = {}): Promise<ApiServer> {
  const server = await testServer(t, options);
  const base = await listen(server.app);
  const anon = new Client(base);
  return {
    ...server,
    base,
    anon,
    async signUp(name: string, o: { confirmed?: boolean } = {}) {
      const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${process.pid}.${++counter}@example.org`;
      const res = await anon.post('/v1/auth/register', { email, password: 'correct horse battery', name });
      if (res.status !== 201) throw new Error(`register ${name}: ${res.status} ${res.text}`);
      if (o.confirmed ?? true) await confirmEmailThroughLink({ ...server, anon }, email);
      return { client: anon.withToken(res.body.token), id: res.body.user.id, email, name, token: res.body.token };
    },
  };
}

export interface Seated extends User {
  role: string;
}

export interface Started {
  id: string;
  caesar: Seated;
  pompey: Seated;
  /** The game as the joining player saw it. */
  game: any;
  byRole: Record<string, Seated>;
}

/** Two new users; Caesar creates (public unless told), Pompey joins: the game has started. */
export async function startGame(s: ApiServer, create: Record<string, unknown> = {}): Promise<Started> {
  const a = await s.signUp('Marcus');
  const b = await s.signUp('Gnaeus');
  const created = await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', ...create });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${created.text}`);
  const id = created.body.id as string;
  const invite = created.body.invite?.code as string | undefined;
  const joined = await b.client.post(`/v1/games/${id}/join`, invite ? { inviteCode: invite } : {});
  if (joined.status !== 200) throw new Error(`join: ${joined.status} ${joined.text}`);
  const caesar = { ...a, role: 'Caesar' };
  const pompey = { ...b, role: 'Pompey' };
  return { id, caesar, pompey, game: joined.body, byRole: { Caesar: caesar, Pompey: pompey } };
}

/** GET the game as this user. */
export async function look(u: Pick<User, 'client'>, id: string): Promise<any> {
  const res = await u.client.get(`/v1/games/${id}`);
  if (res.status !== 200) throw new Error(`get: ${res.status} ${res.text}`);
  return res.body;
}

/**
 * Reads with `read` until `done` holds of what it read, every 100 ms for up to 10 s: for a page
 * whose click sends an action the test then looks for. The last read either way (the test's own
 * assertion tells whether it got there).
 */
export async function readUntil<T>(read: () => Promise<T>, done: (x: T) => boolean): Promise<T> {
  let x = await read();
  for (let i = 1; i < 100 && !done(x); i++) {
    await new Promise((r) => setTimeout(r, 100));
    x = await read();
  }
  return x;
}

/** Posts an action at `version` (read now if not given) and expects it to be accepted. */
export async function act(u: Pick<User, 'client'>, id: string, action: unknown, version?: number): Promise<any> {
  const res = await u.client.post(`/v1/games/${id}/actions`, { action, version: version ?? (await look(u, id)).version });
  if (res.status !== 200) throw new Error(`action ${JSON.stringify(action)}: ${res.status} ${res.text}`);
  return res.body;
}

/** Whoever may act first (Caesar, then Pompey) posts their first legal action; its answer. */
export async function moveFirstLegal(g: Started): Promise<any> {
  for (const u of [g.caesar, g.pompey]) {
    const game = await look(u, g.id);
    if (game.legalActions.length === 0) continue;
    return act(u, g.id, game.legalActions[0], game.version);
  }
  throw new Error('nobody can move');
}

/**
 * The players play on, each pending one taking a 'done' or 'pass' where there is one and else its
 * first legal action, until the game is underway (each side has made its moves of the first turn):
 * from then on a resignation or a time-out ends it with a result instead of aborting it. The game
 * as the last player read it.
 */
export async function playUntilUnderway(players: Pick<User, 'client'>[], id: string, maxMoves = 500): Promise<any> {
  for (let moves = 0; moves < maxMoves; ) {
    let moved = false;
    for (const u of players) {
      const game = await look(u, id);
      if (game.underway || game.status !== 'active') return game;
      if (game.legalActions.length === 0) continue;
      const quiet = game.legalActions.find((a: any) => a.type === 'done' || a.type === 'pass') ?? game.legalActions[0];
      await act(u, id, quiet, game.version);
      moved = true;
      moves++;
    }
    if (!moved) throw new Error('nobody can move, and the game is not underway');
  }
  throw new Error(`not underway after ${maxMoves} moves`);
}

/** Both players discard (the first card each may) : the game moves to turn 1's card play. */
export async function discardBoth(g: Started): Promise<any> {
  let game: any;
  for (const u of [g.caesar, g.pompey]) {
    const mine = await look(u, g.id);
    game = await act(u, g.id, mine.legalActions.find((a: any) => a.type === 'discard'), mine.version);
  }
  return game;
}

/** The first command (not God) card this player may play. */
export function commandCard(game: any): string {
  return game.legalActions.find((a: any) => a.type === 'play' && a.card >= 'K08').card;
}

/** From the start: discards, then both play command cards; Caesar (Player 1 in 705) commands. */
export async function toCommand(g: Started): Promise<any> {
  await discardBoth(g);
  for (const u of [g.caesar, g.pompey]) {
    const mine = await look(u, g.id);
    await act(u, g.id, { type: 'play', card: commandCard(mine) }, mine.version);
  }
  const game = await look(g.caesar, g.id);
  if (game.view.phase !== 'command' || game.pending[0] !== 'Caesar') throw new Error(`not Caesar's command: ${game.view.prompt}`);
  return game;
}

export interface SseEvent {
  event?: string;
  id?: string;
  data?: string;
}

/** Opens the game's event stream and returns a reader of its events (and the raw text so far). */
export async function openEvents(base: string, id: string, o: { token?: string; query?: string } = {}) {
  return openStream(base, `/v1/games/${id}/events`, o);
}

/** Opens an event stream (a game's, or /v1/me/events) and returns a reader of its events. */
export async function openStream(base: string, path: string, o: { token?: string; query?: string } = {}) {
  const controller = new AbortController();
  const res = await fetch(`${base}${path}${o.query ?? ''}`, {
    headers: o.token ? { authorization: `Bearer ${o.token}` } : {},
    signal: controller.signal,
  });
  let raw = '';
  const events: SseEvent[] = [];
  const waiters: (() => void)[] = [];
  const done = (async () => {
    if (!res.body || res.status !== 200) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        raw += decoder.decode(chunk, { stream: true });
        const blocks = raw.split('\n\n');
        const complete = blocks.slice(0, -1).filter((b) => b.split('\n').some((l) => l.startsWith('data:')));
        while (events.length < complete.length) {
          const block = complete[events.length]!;
          const e: SseEvent = {};
          for (const line of block.split('\n')) {
            const m = /^(event|id|data): ?(.*)$/.exec(line);
            if (m) e[m[1] as keyof SseEvent] = m[2];
          }
          events.push(e);
        }
        waiters.splice(0).forEach((w) => w());
      }
    } catch {
      // aborted
    }
    waiters.splice(0).forEach((w) => w());
  })();
  return {
    res,
    events,
    raw: () => raw,
    /** Resolves once at least n events have arrived (rejects after a while). */
    async waitFor(n: number, ms = 5000): Promise<SseEvent[]> {
      const until = Date.now() + ms;
      while (events.length < n) {
        if (Date.now() > until) throw new Error(`only ${events.length} of ${n} events arrived: ${JSON.stringify(raw)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return events;
    },
    async close() {
      controller.abort();
      await done;
    },
    ended: done,
  };
}
