// Checking a game's record in the browser (issues 29 and 38): Alea's signature of it with the
// public keys the server publishes, its seed against the commitment (and that commitment against
// the one the server shows for the game), and every action replayed from the key the seeds give
// to the recorded result. Each check is shown apart, passed or failed and why. The check is the
// engine's own (src/engine/record.ts), the one `npm run check-record` runs, loaded only when asked
// for (it brings both games' rules); what it needs from the server (the keys, the commitment)
// is fetched here, without a token.
import { useState } from 'preact/hooks';
import { api, problemText } from '../api';
import type { CheckOptions, CheckResult, NamedCheck } from '../../../src/engine/record.js';

/** The keys and the game's commitment from the server; null members where it could not say (the check then says so). */
async function online(record: unknown): Promise<CheckOptions> {
  const options: CheckOptions = {};
  try {
    const keys = await api.GET('/v1/record-keys');
    if (keys.data) options.keys = keys.data.keys;
    const id = (record as { id?: unknown } | null)?.id;
    if (typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id)) {
      const res = await api.GET('/v1/games/{id}/commitment', { params: { path: { id } } });
      if (res.data) options.server = res.data;
      else if (res.response.status === 404) options.server = null;
    }
  } catch {
    // Offline: the check says what it could not compare.
  }
  return options;
}

/** Checks a record (any JSON value: a file may hold anything), online. */
export async function check(record: unknown): Promise<CheckResult> {
  const [{ checkRecord }, options] = await Promise.all([import('../../../src/engine/record.js'), online(record)]);
  return checkRecord(record, options);
}

const TITLES: Record<NamedCheck['name'], string> = {
  signature: 'Signature: Alea wrote this record, and nothing in it changed since',
  commitment: 'Commitment: the dice are the ones committed to before the game began',
  replay: 'Replay: every move replays, die for die, to the recorded result',
};

const MARK: Record<NamedCheck['status'], string> = { passed: '✓', failed: '✗', 'not checked': '–' };

/** What a check found, in words: each of its three checks, passed or failed and why. */
export function CheckReport({ result }: { result: CheckResult }) {
  return (
    <div class="check-report" role="status">
      {result.checks.length > 0 && (
        <ol class="checks">
          {result.checks.map((c) => (
            <li key={c.name} class={`check ${c.status === 'passed' ? 'passed' : c.status === 'failed' ? 'failed' : 'unchecked'}`} data-check={c.name} data-status={c.status}>
              <strong>
                <span aria-hidden="true">{MARK[c.status]} </span>
                {TITLES[c.name]}: {c.status}
              </strong>
              <ul>
                {c.held.map((line) => (
                  <li key={line}>{line}</li>
                ))}
                {c.reason && <li class={c.status === 'failed' ? 'error' : 'muted'}>{c.reason}</li>}
              </ul>
            </li>
          ))}
        </ol>
      )}
      {result.ok ? (
        <p class="verified">
          <strong>The record checks out:</strong> Alea signed it as it is, the dice are the ones the server committed to before the game started, and the game replays to its recorded result.
        </p>
      ) : (
        <p class="error">
          <strong>The check failed:</strong> {result.problem}
        </p>
      )}
    </div>
  );
}

/** A finished game's "Verify the record": reads its record and checks it here, in this browser. */
export function VerifyDice({ id }: { id: string }) {
  const [result, setResult] = useState<CheckResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function verify() {
    setBusy(true);
    setError(null);
    const { data, error } = await api.GET('/v1/games/{id}/record', { params: { path: { id } } });
    if (data) setResult(await check(data));
    else setError(problemText(error));
    setBusy(false);
  }
  return (
    <div>
      <button class="secondary" disabled={busy} onClick={verify}>
        Verify the dice
      </button>
      {busy && <span class="muted"> Checking…</span>}
      {error && <p class="error" role="alert">{error}</p>}
      {result && <CheckReport result={result} />}
    </div>
  );
}

/** The page /verify: checks a record saved from any game's page (or by GET /v1/games/{id}/record). */
export function VerifyPage() {
  const [result, setResult] = useState<CheckResult | null>(null);
  const [name, setName] = useState<string | null>(null);
  async function pick(e: Event) {
    const file = (e.currentTarget as HTMLInputElement).files?.[0];
    setResult(null);
    if (!file) return;
    setName(file.name);
    let record: unknown;
    try {
      record = JSON.parse(await file.text());
    } catch {
      setResult({ ok: false, checks: [], problem: `${file.name} is not JSON: a game record is the JSON file a game's page saves.` });
      return;
    }
    setResult(await check(record));
  }
  return (
    <main class="narrow">
      <h1>Verify a game's record</h1>
      <p>
        Every game on Alea commits to its dice before it starts: the server draws a secret seed and publishes its SHA-256 at once, each player adds a seed of their own, and the dice are drawn from a key made of all three. When the game ends the server's seed is published, and Alea signs the game's
        record. A finished game's record lets anyone check three things: that Alea wrote it and nothing in it changed since (its signature, with the keys Alea publishes), that its seed is the one committed to (and that commitment the one Alea shows for that game), and that every move replays,
        die for die, to the recorded result.
      </p>
      <p class="muted">The check runs in this browser; the record is sent nowhere. It asks the server only for its public keys and the game's commitment. The same check runs on a command line: npm run check-record -- FILE --server {location.origin}.</p>
      <label>
        A game record (JSON, as "Download the record" saves it)
        <input type="file" accept="application/json,.json" onChange={pick} />
      </label>
      {result && (
        <section class="panel" aria-label={`Check of ${name ?? 'the record'}`}>
          <CheckReport result={result} />
        </section>
      )}
    </main>
  );
}
