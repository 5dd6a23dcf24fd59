// Settings: outgoing webhooks (POST/GET /v1/me/webhooks, DELETE /v1/me/webhooks/{id}, POST
// .../test): a URL told of the events I choose, as Alea's signed JSON (its secret shown once), or a
// Discord or Slack message; listed with the last delivery, what waits, and the error of deliveries
// given up on after a day; a "send a test" button; deleted one by one.
import { useState } from 'preact/hooks';
import { api, problemText, type Schemas } from '../api';
import { dateTime } from '../time';
import { ShownOnce } from './shown-once';
import { Feedback } from './feedback';
import { useMyItems } from './my-items';

type Webhook = Schemas['Webhook'];
type WebhookFormat = Schemas['WebhookFormat'];
type WebhookEventType = Schemas['WebhookEventType'];
type TestResult = Schemas['WebhookTestResult'];

const FORMATS: readonly { value: WebhookFormat; title: string }[] = [
  { value: 'json', title: "JSON (Alea's own, signed: for your own program)" },
  { value: 'discord', title: "Discord (a channel's webhook URL)" },
  { value: 'slack', title: "Slack (an incoming webhook's URL)" },
];
const EVENTS: readonly { value: WebhookEventType; title: string }[] = [
  { value: 'yourMove', title: 'Your move' },
  { value: 'message', title: 'A message in a game' },
  { value: 'gameOver', title: 'Game over' },
  { value: 'challenge', title: 'A challenge to me' },
];
const eventTitle = (e: WebhookEventType) => EVENTS.find((x) => x.value === e)?.title ?? e;
const formatTitle = (f: WebhookFormat) => ({ json: 'JSON', discord: 'Discord', slack: 'Slack' })[f];

function testWords(r: TestResult): string {
  if (r.delivered) return `Delivered: the receiver answered ${r.status} in ${r.ms} ms.`;
  return `Not delivered: ${r.error ?? (r.status ? `the receiver answered ${r.status}` : 'no answer')}.`;
}

export function Webhooks() {
  const { items: hooks, error, setError, ok, setOk, busy, setBusy, load, deleted } = useMyItems<Webhook>(() => api.GET('/v1/me/webhooks'));
  const [secret, setSecret] = useState<string | null>(null);
  const [tests, setTests] = useState<Record<string, string>>({});

  async function create(e: Event) {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const f = new FormData(form);
    const events = f.getAll('event') as WebhookEventType[];
    if (events.length === 0) return void setError('Choose at least one event.');
    setBusy(true);
    const { data, error } = await api.POST('/v1/me/webhooks', { body: { url: String(f.get('url')).trim(), format: f.get('format') as WebhookFormat, events } });
    setBusy(false);
    setError(error ? problemText(error) : null);
    setOk(data ? 'The webhook is added: send it a test.' : null);
    if (data) {
      setSecret(data.secret);
      form.reset();
      void load();
    }
  }
  async function test(h: Webhook) {
    setTests((t) => ({ ...t, [h.id]: 'Sending…' }));
    const { data, error } = await api.POST('/v1/me/webhooks/{id}/test', { params: { path: { id: h.id } } });
    setTests((t) => ({ ...t, [h.id]: data ? testWords(data) : problemText(error) }));
    void load();
  }
  async function remove(h: Webhook) {
    if (!confirm(`Delete the webhook to ${h.url}? Deliveries not yet sent are dropped.`)) return;
    deleted(await api.DELETE('/v1/me/webhooks/{id}', { params: { path: { id: h.id } } }), 'The webhook is deleted.');
  }

  return (
    <section class="panel" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Webhooks</h2>
      <p class="muted">
        Alea can tell a web address of yours (a Discord or Slack channel, or your own program) when it is your move, when someone writes in your game, when
        a game ends, or when someone challenges you. It says what its emails would say to you, and never more. Failed deliveries are retried for a day.
      </p>
      <Feedback error={error} ok={ok} />
      {secret && (
        <ShownOnce
          label="The webhook's signing secret"
          value={secret}
          warning="Copy it now: your receiver checks each delivery's X-Alea-Signature with it (docs/bots.md says how), and Alea cannot show it again."
          onDone={() => setSecret(null)}
        />
      )}
      {hooks === null ? (
        <p class="muted">Loading…</p>
      ) : hooks.length === 0 ? (
        <p class="muted">No webhook yet.</p>
      ) : (
        <ul class="items" aria-label="My webhooks">
          {hooks.map((h) => (
            <li key={h.id}>
              <div class="url">
                <span class="badge">{formatTitle(h.format)}</span> <code>{h.url}</code>
              </div>
              <div>{h.events.map(eventTitle).join(', ')}</div>
              <div class="muted">
                {h.lastDeliveryAt ? `Last delivered ${dateTime(h.lastDeliveryAt)}` : 'Nothing delivered yet'}
                {h.pending > 0 && ` · ${h.pending} waiting to be sent or retried`}
              </div>
              {h.lastError && (
                <p class="error">
                  Given up{h.lastErrorAt && ` on ${dateTime(h.lastErrorAt)}`} after a day of retries: {h.lastError}
                </p>
              )}
              <div class="item-actions">
                <button class="secondary" onClick={() => test(h)}>
                  Send a test
                </button>
                <button class="secondary" onClick={() => remove(h)}>
                  Delete
                </button>
              </div>
              {tests[h.id] && (
                <p role="status" class="test-result">
                  {tests[h.id]}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <h3>New webhook</h3>
      <form onSubmit={create}>
        <label>
          URL
          <input name="url" type="url" required maxLength={2048} placeholder="https://discord.com/api/webhooks/…" />
        </label>
        <label>
          Format
          <select name="format">
            {FORMATS.map((x) => (
              <option value={x.value}>{x.title}</option>
            ))}
          </select>
        </label>
        <fieldset>
          <legend>Tell it of</legend>
          {EVENTS.map((x) => (
            <label class="inline" key={x.value}>
              <input type="checkbox" name="event" value={x.value} defaultChecked={x.value === 'yourMove'} /> {x.title}
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={busy}>
          Add the webhook
        </button>
      </form>
    </section>
  );
}
