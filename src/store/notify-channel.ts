// A Postgres LISTEN/NOTIFY channel: a message sent on it reaches every process connected to the
// same database and listening, itself included. One dedicated connection per process both
// listens and sends. If it drops, it is opened again (1 s, doubling, at most 30 s); messages sent
// by others meanwhile are not received, and sending fails until it is back.
import pg from 'pg';

export interface NotifyChannel {
  readonly name: string;
  notify(payload: string): Promise<void>;
  close(): Promise<void>;
}

export interface ChannelLog {
  warn(obj: object, msg: string): void;
}

const RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

export async function listenChannel(url: string, channel: string, onMessage: (payload: string) => void, log: ChannelLog): Promise<NotifyChannel> {
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = RETRY_MS;
  let timer: NodeJS.Timeout | undefined;

  async function open(): Promise<void> {
    const c = new pg.Client({ connectionString: url, application_name: 'alea-events' });
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onMessage(n.payload);
    });
    c.on('error', (err) => {
      log.warn({ err }, 'the game events connection failed; reopening it');
      void c.end().catch(() => {});
      if (client === c) client = undefined;
      reopen();
    });
    await c.connect();
    // A NOTIFY is a transaction of its own: without this, each would wait for a WAL flush (an
    // fsync, doubling a change's disk waits). A message is only a hint; losing one in a crash
    // is harmless, and it is delivered at commit either way.
    await c.query('SET synchronous_commit TO off');
    await c.query(`LISTEN ${c.escapeIdentifier(channel)}`);
    if (closed) return void (await c.end());
    client = c;
    retryMs = RETRY_MS;
  }

  function reopen(): void {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      open().catch((err) => {
        log.warn({ err, retryMs }, 'could not reopen the game events connection');
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
        reopen();
      });
    }, retryMs);
    timer.unref();
  }

  await open();
  // One query at a time on this connection: pg queues overlapping queries itself, but that is
  // deprecated (pg 9 refuses it), so notifications wait for each other here, in order.
  let last: Promise<unknown> = Promise.resolve();
  return {
    name: channel,
    notify(payload) {
      const run = last.then(async () => {
        if (!client) throw new Error('the game events connection is down');
        await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
      });
      last = run.catch(() => {});
      return run;
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = undefined;
      await c?.end();
    },
  };
}
