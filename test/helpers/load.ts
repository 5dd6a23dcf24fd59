// Players that keep acting in games over real HTTP, for the fault tests: each reads its game,
// takes one of its legal actions with a fresh Idempotency-Key, and records what the server
// answered. A change answered 503 is retried with the same key (as a client should); one whose
// connection failed is recorded as unknown (the server may or may not have applied it).
import { randomUUID } from 'node:crypto';
import type { Test } from 'tap';
import { chooser } from './chooser.js';

export interface Player {
  token: string;
  gameId: string;
  /** The player's address (password: PASSWORD), to sign in again. */
  email?: string;
}

export const PASSWORD = 'correct horse battery';

export interface Attempt {
  player: Player;
  key: string;
  body: { action: unknown; version: number };
}

export interface Ack extends Attempt {
  /** The game's version after the action, as acknowledged. */
  version: number;
  at: number;
}

export interface Tally {
  ok: number;
  '503': number;
  /** Any other 5xx, and 500 above all: must stay 0. */
  otherServerErrors: number;
  /** 409 (the other player moved first) and 403 (not this player's turn): a normal race. */
  races: number;
  /** 4xx other than the races: a test bug if not 0. */
  otherClientErrors: number;
  networkErrors: number;
  retryAfterMissing: number;
}

export interface Load {
  acked: Ack[];
  unknown: Attempt[];
  tally: Tally;
  /** When each 503 was answered (ms since the epoch). */
  unavailableAt: number[];
  /** Resolves once `n` more actions have been acknowledged (from now). */
  acks(n: number): Promise<void>;
  /** Stops every player (after its current request) and waits for them. */
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function request(base: string, token: string, method: string, path: string, body?: unknown, key?: string) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(key && { 'idempotency-key': key }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text && /json/.test(res.headers.get('content-type') ?? '') ? JSON.parse(text) : text };
}

export function startLoad(base: string, players: Player[], seed = 9): Load {
  const acked: Ack[] = [];
  const unknown: Attempt[] = [];
  const unavailableAt: number[] = [];
  const tally: Tally = { ok: 0, '503': 0, otherServerErrors: 0, races: 0, otherClientErrors: 0, networkErrors: 0, retryAfterMissing: 0 };
  const waiters: { until: number; resolve: () => void }[] = [];
  let stopped = false;

  const count = (status: number, headers?: Headers) => {
    if (status === 503) {
      tally['503']++;
      unavailableAt.push(Date.now());
      if (!headers?.get('retry-after')) tally.retryAfterMissing++;
    } else if (status >= 500) tally.otherServerErrors++;
    else if (status === 409 || status === 403) tally.races++;
    else if (status >= 400) tally.otherClientErrors++;
  };

  const play = async (player: Player, pick: (n: number) => number) => {
    while (!stopped) {
      let game;
      try {
        game = await request(base, player.token, 'GET', `/v1/games/${player.gameId}`);
      } catch {
        tally.networkErrors++;
        return; // the server is gone
      }
      if (game.status !== 200) {
        count(game.status, game.headers);
        await sleep(100);
        continue;
      }
      const legal = game.body.legalActions as unknown[];
      if (!legal.length || game.body.status !== 'active') {
        await sleep(20);
        continue;
      }
      const attempt: Attempt = { player, key: randomUUID(), body: { action: legal[pick(legal.length)], version: game.body.version } };
      for (;;) {
        let res;
        try {
          res = await request(base, player.token, 'POST', `/v1/games/${player.gameId}/actions`, attempt.body, attempt.key);
        } catch {
          tally.networkErrors++;
          unknown.push(attempt);
          return;
        }
        count(res.status, res.headers);
        if (res.status === 503) {
          if (stopped) {
            unknown.push(attempt);
            return;
          }
          await sleep(200); // shorter than Retry-After, to measure the outage closely
          continue;
        }
        if (res.status === 200) {
          tally.ok++;
          acked.push({ ...attempt, version: res.body.version, at: Date.now() });
          for (const w of waiters.splice(0)) (acked.length >= w.until ? w.resolve : () => waiters.push(w))();
        }
        break;
      }
    }
  };

  const pick = chooser(seed);
  const running = players.map((p) => play(p, chooser(pick(1 << 30) + 1)));
  return {
    acked,
    unknown,
    tally,
    unavailableAt,
    acks: (n) => new Promise((resolve) => waiters.push({ until: acked.length + n, resolve })),
    stop: async () => {
      stopped = true;
      for (const w of waiters.splice(0)) w.resolve();
      await Promise.all(running);
    },
  };
}

/** Signs up two players per game and starts the games (Caesar creates, Pompey joins). */
export async function startGames(base: string, games: number): Promise<Player[]> {
  const players: Player[] = [];
  for (let i = 0; i < games; i++) {
    const tokens: string[] = [];
    const emails: string[] = [];
    for (const who of ['a', 'b']) {
      const email = `${who}${i}.${randomUUID().slice(0, 8)}@example.org`;
      const res = await fetch(`${base}/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD, name: `Player ${who}${i}` }),
      });
      if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
      tokens.push(((await res.json()) as { token: string }).token);
      emails.push(email);
    }
    const created = await request(base, tokens[0]!, 'POST', '/v1/games', { game: 'julius-caesar', role: 'Caesar' });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
    const joined = await request(base, tokens[1]!, 'POST', `/v1/games/${created.body.id}/join`, {});
    if (joined.status !== 200) throw new Error(`join: ${joined.status} ${JSON.stringify(joined.body)}`);
    tokens.forEach((token, k) => players.push({ token, gameId: created.body.id, email: emails[k]! }));
  }
  return players;
}

/** The game's version as a player reads it, waiting out 503s. */
export async function versionOf(base: string, player: Player): Promise<number> {
  for (;;) {
    const res = await request(base, player.token, 'GET', `/v1/games/${player.gameId}`);
    if (res.status === 200) return res.body.version as number;
    if (res.status !== 503) throw new Error(`get game: ${res.status}`);
    await sleep(200);
  }
}

/** Sends an attempt again with its key until the server answers something other than 503. */
export async function resend(base: string, a: Attempt) {
  for (;;) {
    const res = await request(base, a.player.token, 'POST', `/v1/games/${a.player.gameId}/actions`, a.body, a.key);
    if (res.status !== 503) return res;
    await sleep(200);
  }
}

export interface Outcome {
  /** Acknowledged actions that the server no longer knows: must be 0. */
  lost: number;
  /** Changes whose answer never came (connection cut), and how many of them had been applied. */
  unknown: number;
  unknownApplied: number;
}

/**
 * After the fault: every acknowledged action is still there (a retry with its key is answered
 * from the stored answer, at the same version); every change whose answer was lost, retried with
 * its key, is applied at most once; and each game's version advanced by exactly the number of
 * changes applied, so nothing was applied twice.
 */
export async function verifyApplied(t: Test, base: string, load: Load, startVersions: Map<string, number>): Promise<Outcome> {
  const applied = new Map<string, Set<string>>();
  const mark = (a: Attempt) => applied.set(a.player.gameId, (applied.get(a.player.gameId) ?? new Set()).add(a.key));
  let lost = 0;
  for (const a of load.acked) {
    mark(a);
    const again = await resend(base, a);
    if (!(again.status === 200 && again.headers.get('idempotent-replayed') === 'true' && again.body.version === a.version)) {
      lost++;
      t.fail('an acknowledged action is not answered from its stored answer', { status: again.status, version: again.body?.version, acked: a.version });
    }
  }
  let unknownApplied = 0;
  for (const a of load.unknown) {
    const first = await resend(base, a);
    if (first.status === 200) {
      unknownApplied++;
      mark(a);
      const second = await resend(base, a);
      t.equal(second.headers.get('idempotent-replayed'), 'true', 'a second retry is answered from the stored answer');
      t.equal(second.body.version, first.body.version, 'at the same version');
    } else {
      t.ok([403, 409].includes(first.status), `a change that was not applied is refused as stale now (${first.status})`);
    }
  }
  for (const [gameId, start] of startVersions) {
    const player = load.acked.find((a) => a.player.gameId === gameId)?.player ?? load.unknown.find((a) => a.player.gameId === gameId)?.player;
    if (!player) continue;
    t.equal((await versionOf(base, player)) - start, applied.get(gameId)?.size ?? 0, `game ${gameId.slice(0, 8)}: one version per applied change, none applied twice`);
  }
  return { lost, unknown: load.unknown.length, unknownApplied };
}
