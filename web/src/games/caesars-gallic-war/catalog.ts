// Caesar's Gallic War's public data (areas with positions, borders, blocks, cards) from the API's
// catalog, read once per page load (the API marks it cacheable).
import { api } from '../../api';
import { useOnce } from '../../board/once';
import type { Catalog } from './types';

let loaded: Promise<Catalog | null> | undefined;
function loadCatalog(): Promise<Catalog | null> {
  return (loaded ??= api
    .GET('/v1/catalog/{game}', { params: { path: { game: 'caesars-gallic-war' } } })
    .then(({ data }) => (data && data.game === 'caesars-gallic-war' ? (data as Catalog) : null))
    .catch(() => null));
}

/** The game's public data, once per page load (null until it has come, or if it cannot). */
export const useGaulCatalog = (): Catalog | null => useOnce(loadCatalog);
