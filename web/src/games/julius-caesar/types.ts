// Julius Caesar's view types, from the API's generated types (openapi.yaml's JuliusCaesarView).
import type { Schemas } from '../../api';

export type View = Schemas['JuliusCaesarView'];
/** Julius Caesar's roles: Caesar and Pompey. */
export type Role = keyof View['cards'];
export type ViewBlock = View['blocks'][number];
