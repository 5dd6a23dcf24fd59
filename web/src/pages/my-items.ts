// What the pages of one's own items (Settings → API tokens, Webhooks) share: the list read from
// the API at first and after each change, a refusal or a confirmation to show (feedback.tsx), a
// form busy while it is sent, and a deletion's answer read the same way.
import { useEffect, useState } from 'preact/hooks';
import { problemText } from '../api';

export function useMyItems<T>(read: () => Promise<{ data?: { items: T[] }; error?: unknown }>) {
  const [items, setItems] = useState<T[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ok, setOk] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function load() {
    const { data, error } = await read();
    if (data) setItems(data.items);
    if (error) setError(problemText(error));
  }
  useEffect(() => void load(), []);
  /** A DELETE's answer: 204 confirms with `done`, anything else shows its problem; the list is read again. */
  function deleted({ error, response }: { error?: unknown; response: Response }, done: string) {
    setError(response.status === 204 ? null : problemText(error));
    setOk(response.status === 204 ? done : null);
    void load();
  }
  return { items, error, setError, ok, setOk, busy, setBusy, load, deleted };
}
