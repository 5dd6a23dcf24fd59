// Saving a game's record (JSON) or transcript (text) as a file. The API takes bearer tokens, not
// cookies, so a plain link cannot carry the reader's rights: the file is read with the token and
// handed to the browser as a download.
import { api, problemText } from '../api';

function save(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads the game's record as the caller may read it; an error's words, or null. */
export async function downloadRecord(id: string, number: number): Promise<string | null> {
  const { data, error } = await api.GET('/v1/games/{id}/record', { params: { path: { id } } });
  if (!data) return problemText(error);
  save(`alea-game-${number}.json`, 'application/json', `${JSON.stringify(data, null, 2)}\n`);
  return null;
}

/** Downloads the game's transcript as the caller may read it; an error's words, or null. */
export async function downloadTranscript(id: string, number: number): Promise<string | null> {
  const { data, error } = await api.GET('/v1/games/{id}/transcript', { params: { path: { id } }, parseAs: 'text' });
  if (data === undefined) return problemText(error);
  save(`alea-game-${number}.txt`, 'text/plain', data);
  return null;
}
