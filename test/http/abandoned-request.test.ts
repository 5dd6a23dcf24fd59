// A test server's teardown waits for a handler whose client went away. Browser tests close their
// pages at a test's end while the page may still be asking something; the server's close returns
// once the connections are gone, and the handler, still running, then met the database's closed
// pool and answered a 500, a contract failure reported into a finished test (seen as a rare
// "test assertion after Promise resolution" in the lobby's browser test). Registering is slow
// enough (the password's hash) to be caught in the middle: without the wait, each of these tests
// fails after its end.
import t from 'tap';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { apiServer } from '../helpers/api.js';

for (const i of [1, 2, 3]) {
  t.test(`a request its client abandons at the test's end is answered before the database goes (${i})`, async (t) => {
    const s = await apiServer(t);
    const abort = new AbortController();
    const arrived = once(s.app.server, 'request');
    const sent = fetch(`${s.base}/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `gone.${i}@example.org`, password: 'correct horse battery', name: 'Gone' }),
      signal: abort.signal,
    }).catch((e: Error) => e);
    await arrived;
    await sleep(2); // its body read, its password being hashed
    abort.abort();
    t.type(await sent, Error, 'the client went away before the answer');
  });
}
