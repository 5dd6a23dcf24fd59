// Caesar's Gallic War's view and catalog types, from the API's generated types (openapi.yaml).
import type { Schemas } from '../../api';

export type View = Schemas['CaesarsGallicWarView'];
export type GaulBlock = View['blocks'][number];
export type Catalog = Extract<Schemas['CaesarsGallicWarCatalog'], { game: 'caesars-gallic-war' }>;
