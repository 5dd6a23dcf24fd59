// The account's event stream (GET /v1/me/events, Server-Sent Events) as an async iterator of
// {event, data}. openapi-fetch reads whole answers, so the stream is read with fetch itself.
// A dropped connection is opened again after a pause; a refused token (401, 403) ends the bot.

export interface BotEvent {
  event: string;
  data: unknown;
}

export async function* accountEvents(baseUrl: string, token: string, signal: AbortSignal): AsyncGenerator<BotEvent> {
  let pause = 1000;
  while (!signal.aborted) {
    let res: Response;
    try {
      res = await fetch(`${baseUrl}/v1/me/events`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, signal });
    } catch (err) {
      if (signal.aborted) return;
      console.log(`events: cannot connect (${(err as Error).message}); again in ${pause / 1000} s`);
      await new Promise((r) => setTimeout(r, pause));
      pause = Math.min(pause * 2, 30_000);
      continue;
    }
    if (res.status === 401 || res.status === 403) throw new Error(`the token was refused (${res.status}): make a new one in Settings`);
    if (!res.ok || !res.body) {
      await new Promise((r) => setTimeout(r, pause));
      continue;
    }
    pause = 1000;
    let buffer = '';
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data += line.slice(5).trim();
          }
          if (data) yield { event, data: JSON.parse(data) };
        }
      }
    } catch (err) {
      if (signal.aborted) return;
      console.log(`events: the stream broke (${(err as Error).message}); opening it again`);
    }
  }
}
