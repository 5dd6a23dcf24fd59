// Checking a game's dice in the browser (issue 29): the record's seed against the commitment
// published at the game's creation, and every action replayed from the key the seeds give to the
// recorded result. The check is the engine's own (src/engine/record.ts), the one `npm run
// check-record` runs, loaded only when asked for (it brings both games' rules).
import { useState } from 'preact/hooks';
import { api, problemText } from '../api';
import type { CheckResult } from '../../../src/engine/record.js';

/** Checks a record (any JSON value: a file may hold anything). */
export async function check(record: unknown): Promise<CheckResult> {
  const { checkRecord } = await import('../../../src/engine/record.js');
  return checkRecord(record);
}

/** What a check found, in words. */
export function CheckReport({ result }: { result: CheckResult }) {
  return (
    <div class="check-report" role="status">
      <ul>
        {result.checks.map((c) => (
          <li key={c}>✓ {c}</li>
        ))}
      </ul>
      {result.ok ? (
        <p class="verified">
          <strong>The dice check out:</strong> they are the ones the server committed to before the game started, and the game replays to its recorded result.
        </p>
      ) : (
        <p class="error">
          <strong>The check failed:</strong> {result.problem}
        </p>
      )}
    </div>
  );
}

/** A finished game's "Verify the dice": reads its record and checks it here, in this browser. */
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
      <h1>Verify a game's dice</h1>
      <p>
        Every game on Alea commits to its dice before it starts: the server draws a secret seed and publishes its SHA-256 at once, each player adds a seed of their own, and the dice are drawn from a key made of all three. When the game ends the server's seed is published. A finished game's record
        lets anyone check that the seed is the one committed to and that every move replays, die for die, to the recorded result.
      </p>
      <p class="muted">The check runs in this browser; nothing is sent anywhere. The same check runs on a command line: npm run check-record -- FILE.</p>
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
