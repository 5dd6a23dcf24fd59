// A game's public data (map, blocks, cards), from its module, with a strong ETag derived from
// the content: the document changes only when the service is upgraded, so clients cache it.
import { createHash } from 'node:crypto';
import { games, type Json } from '../../engine/index.js';
import { AppError } from '../errors.js';

export interface Catalog {
  body: { [key: string]: Json };
  etag: string;
}

const cache = new Map<string, Catalog>();

export function getCatalog(game: string): Catalog {
  const known = cache.get(game);
  if (known) return known;
  const m = Object.hasOwn(games, game) ? games[game] : undefined;
  if (!m?.catalog) throw new AppError('not_found', `There is no game "${game}".`);
  const body = m.catalog();
  const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
  const entry = { body, etag };
  cache.set(game, entry);
  return entry;
}

/** Does an If-None-Match header name this ETag (or `*`)? Weak comparison, as RFC 9110 asks for GET. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}
