// The map of Caesar's Gallic War (2nd edition), transcribed from facts.md (a)-(c): 32 map points
// (27 tribal areas, Germania, Transalpine Gaul, the Roman Off-Map box and 2 sea zones), 76 links.
// Keys follow the designer's data keys, except Britannia (data key "belgae", the name of one of its
// tribes) and Mare Cantabricum (misspelled "mare_cantrabricum" in the data).

export type AreaId =
  | 'aedui'
  | 'allobroges'
  | 'andes'
  | 'arverni'
  | 'atrebates'
  | 'atuatuci'
  | 'bellovaci'
  | 'bituriges'
  | 'boii'
  | 'britannia'
  | 'cadurci'
  | 'carnutes'
  | 'esuvii'
  | 'helvetii'
  | 'leuci'
  | 'mandubii'
  | 'mediomatrici'
  | 'menapi'
  | 'osismi'
  | 'pictones'
  | 'santones'
  | 'sequani'
  | 'tarbelli'
  | 'tolosates'
  | 'treveri'
  | 'veneti'
  | 'volcae'
  | 'germania'
  | 'transalpine_gaul'
  | 'roman_off_map'
  | 'oceanus_britannicus'
  | 'mare_cantabricum';

export type Region = 'belgica' | 'celtae' | 'aquitania' | 'britannia' | 'germania' | 'roman' | 'sea';

/** single: one tribe; double (A + B): two tribes, both in play; variable (A / B): one drawn at setup. */
export type TribalKind = 'single' | 'double' | 'variable';

export interface AreaData {
  id: AreaId;
  name: string;
  region: Region;
  /** null for the map points that are not tribal areas. */
  kind: TribalKind | null;
  /** Blocks whose home this is (Helvetii: Helvetii, then Nantuates; Germania: the Germans). */
  tribes: string[];
  /** Sea zones this area is a port on. */
  seas: AreaId[];
  /** Fort: how many defenders it holds, which is also the supply it produces (7.6). */
  fort: { name: string; capacity: number } | null;
}

export const AREAS: readonly AreaData[] = [
  { id: 'aedui', name: 'Aedui', region: 'celtae', kind: 'single', tribes: ['aedui'], seas: [], fort: null },
  { id: 'allobroges', name: 'Allobroges', region: 'celtae', kind: 'single', tribes: ['allobroges'], seas: [], fort: null },
  { id: 'andes', name: 'Andes + Venelli', region: 'celtae', kind: 'double', tribes: ['andes', 'venelli'], seas: ['oceanus_britannicus'], fort: null },
  { id: 'arverni', name: 'Arverni', region: 'celtae', kind: 'single', tribes: ['arverni'], seas: [], fort: { name: 'Gergovia', capacity: 1 } },
  { id: 'atrebates', name: 'Atrebates / Morini', region: 'belgica', kind: 'variable', tribes: ['atrebates', 'morini'], seas: ['oceanus_britannicus'], fort: null },
  { id: 'atuatuci', name: 'Remi / Atuatuci', region: 'belgica', kind: 'variable', tribes: ['remi', 'atuatuci'], seas: [], fort: null },
  { id: 'bellovaci', name: 'Bellovaci + Caletes', region: 'belgica', kind: 'double', tribes: ['bellovaci', 'caletes'], seas: ['oceanus_britannicus'], fort: { name: 'Bratuspantium', capacity: 1 } },
  { id: 'bituriges', name: 'Bituriges + Arvii', region: 'celtae', kind: 'double', tribes: ['bituriges', 'arvii'], seas: [], fort: { name: 'Avaricum', capacity: 2 } },
  { id: 'boii', name: 'Boii + Helvii', region: 'celtae', kind: 'double', tribes: ['boii', 'helvii'], seas: [], fort: null },
  { id: 'britannia', name: 'Britannia (Belgae + Cantiaci)', region: 'britannia', kind: 'double', tribes: ['belgae', 'cantiaci'], seas: ['oceanus_britannicus'], fort: null },
  { id: 'cadurci', name: 'Cadurci + Ruteni', region: 'celtae', kind: 'double', tribes: ['cadurci', 'ruteni'], seas: [], fort: { name: 'Uxellodunum', capacity: 1 } },
  { id: 'carnutes', name: 'Carnutes / Cenomani', region: 'celtae', kind: 'variable', tribes: ['carnutes', 'cenomani'], seas: [], fort: { name: 'Cenabum', capacity: 1 } },
  { id: 'esuvii', name: 'Esuvii / Luxovii', region: 'celtae', kind: 'variable', tribes: ['esuvii', 'luxovii'], seas: ['oceanus_britannicus'], fort: null },
  { id: 'helvetii', name: 'Helvetii (Nantuates)', region: 'celtae', kind: 'single', tribes: ['helvetii', 'nantuates'], seas: [], fort: null },
  { id: 'leuci', name: 'Leuci', region: 'celtae', kind: 'single', tribes: ['leuci'], seas: [], fort: null },
  { id: 'mandubii', name: 'Mandubii + Senones', region: 'celtae', kind: 'double', tribes: ['mandubii', 'senones'], seas: [], fort: { name: 'Alesia', capacity: 1 } },
  { id: 'mediomatrici', name: 'Mediomatrici', region: 'belgica', kind: 'single', tribes: ['mediomatrici'], seas: [], fort: null },
  { id: 'menapi', name: 'Menapi / Nervii', region: 'belgica', kind: 'variable', tribes: ['menapi', 'nervii'], seas: [], fort: null },
  { id: 'osismi', name: 'Osismi', region: 'celtae', kind: 'single', tribes: ['osismi'], seas: ['oceanus_britannicus', 'mare_cantabricum'], fort: null },
  { id: 'pictones', name: 'Pictones / Namnetes', region: 'celtae', kind: 'variable', tribes: ['pictones', 'namnetes'], seas: ['mare_cantabricum'], fort: null },
  { id: 'santones', name: 'Santones + Lemovicii', region: 'celtae', kind: 'double', tribes: ['santones', 'lemovicii'], seas: ['mare_cantabricum'], fort: null },
  { id: 'sequani', name: 'Sequani', region: 'celtae', kind: 'single', tribes: ['sequani'], seas: [], fort: { name: 'Vesontio', capacity: 1 } },
  { id: 'tarbelli', name: 'Tarbelli / Elusates', region: 'aquitania', kind: 'variable', tribes: ['tarbelli', 'elusates'], seas: [], fort: null },
  { id: 'tolosates', name: 'Tolosates / Sotiates', region: 'aquitania', kind: 'variable', tribes: ['tolosates', 'sotiates'], seas: [], fort: null },
  { id: 'treveri', name: 'Treveri + Eburones', region: 'belgica', kind: 'double', tribes: ['treveri', 'eburones'], seas: [], fort: null },
  { id: 'veneti', name: 'Veneti', region: 'celtae', kind: 'single', tribes: ['veneti'], seas: ['mare_cantabricum'], fort: null },
  { id: 'volcae', name: 'Volcae', region: 'celtae', kind: 'single', tribes: ['volcae'], seas: [], fort: { name: 'Narbo', capacity: 1 } },
  { id: 'germania', name: 'Germania', region: 'germania', kind: null, tribes: ['ariovistus', 'marcomanni', 'tencteri', 'usipetes'], seas: [], fort: null },
  { id: 'transalpine_gaul', name: 'Transalpine Gaul', region: 'roman', kind: null, tribes: [], seas: [], fort: { name: 'Aquae Sextiae', capacity: 2 } },
  { id: 'roman_off_map', name: 'Roman Off-Map', region: 'roman', kind: null, tribes: [], seas: [], fort: null },
  { id: 'oceanus_britannicus', name: 'Oceanus Britannicus', region: 'sea', kind: null, tribes: [], seas: [], fort: null },
  { id: 'mare_cantabricum', name: 'Mare Cantabricum', region: 'sea', kind: null, tribes: [], seas: [], fort: null },
];

/**
 * black: at most 4 units per player per card play; blue (river or terrain): at most 2, and a unit
 * that crosses stops; rhine: the Germania borders, treated as blue plus the Rhine rules (checklist
 * 64); limited: Transalpine Gaul <-> Off-Map (legions one per group); sea: a port's link to its zone.
 */
export type BorderType = 'black' | 'blue' | 'rhine' | 'limited' | 'sea';

export const BORDERS: readonly (readonly [AreaId, AreaId, BorderType])[] = [
  ['aedui', 'boii', 'black'],
  ['aedui', 'mandubii', 'black'],
  ['allobroges', 'sequani', 'black'],
  ['allobroges', 'transalpine_gaul', 'black'],
  ['andes', 'esuvii', 'black'],
  ['andes', 'osismi', 'black'],
  ['andes', 'veneti', 'black'],
  ['arverni', 'bituriges', 'black'],
  ['arverni', 'santones', 'black'],
  ['atrebates', 'menapi', 'black'],
  ['bituriges', 'carnutes', 'black'],
  ['bituriges', 'pictones', 'black'],
  ['boii', 'transalpine_gaul', 'black'],
  ['boii', 'volcae', 'black'],
  ['cadurci', 'santones', 'black'],
  ['carnutes', 'pictones', 'black'],
  ['esuvii', 'mandubii', 'black'],
  ['leuci', 'mandubii', 'black'],
  ['leuci', 'mediomatrici', 'black'],
  ['leuci', 'sequani', 'black'],
  ['mandubii', 'mediomatrici', 'black'],
  ['mandubii', 'sequani', 'black'],
  ['mandubii', 'treveri', 'black'],
  ['osismi', 'veneti', 'black'],
  ['atuatuci', 'bellovaci', 'black'],
  ['tarbelli', 'tolosates', 'black'],
  ['tolosates', 'volcae', 'black'],
  ['transalpine_gaul', 'volcae', 'black'],
  ['aedui', 'allobroges', 'blue'],
  ['aedui', 'arverni', 'blue'],
  ['aedui', 'bituriges', 'blue'],
  ['aedui', 'sequani', 'blue'],
  ['allobroges', 'boii', 'blue'],
  ['allobroges', 'helvetii', 'blue'],
  ['andes', 'carnutes', 'blue'],
  ['andes', 'pictones', 'blue'],
  ['arverni', 'boii', 'blue'],
  ['arverni', 'cadurci', 'blue'],
  ['arverni', 'volcae', 'blue'],
  ['atrebates', 'bellovaci', 'blue'],
  ['atrebates', 'atuatuci', 'blue'],
  ['bellovaci', 'esuvii', 'blue'],
  ['bellovaci', 'mandubii', 'blue'],
  ['bituriges', 'mandubii', 'blue'],
  ['bituriges', 'santones', 'blue'],
  ['cadurci', 'tarbelli', 'blue'],
  ['cadurci', 'tolosates', 'blue'],
  ['cadurci', 'volcae', 'blue'],
  ['carnutes', 'esuvii', 'blue'],
  ['carnutes', 'mandubii', 'blue'],
  ['helvetii', 'leuci', 'blue'],
  ['helvetii', 'sequani', 'blue'],
  ['helvetii', 'transalpine_gaul', 'blue'],
  ['mediomatrici', 'treveri', 'blue'],
  ['menapi', 'treveri', 'blue'],
  ['pictones', 'santones', 'blue'],
  ['pictones', 'veneti', 'blue'],
  ['atuatuci', 'mandubii', 'blue'],
  ['atuatuci', 'menapi', 'blue'],
  ['atuatuci', 'treveri', 'blue'],
  ['santones', 'tarbelli', 'blue'],
  ['germania', 'leuci', 'rhine'],
  ['germania', 'mediomatrici', 'rhine'],
  ['germania', 'menapi', 'rhine'],
  ['germania', 'treveri', 'rhine'],
  ['roman_off_map', 'transalpine_gaul', 'limited'],
  ['andes', 'oceanus_britannicus', 'sea'],
  ['atrebates', 'oceanus_britannicus', 'sea'],
  ['bellovaci', 'oceanus_britannicus', 'sea'],
  ['britannia', 'oceanus_britannicus', 'sea'],
  ['esuvii', 'oceanus_britannicus', 'sea'],
  ['mare_cantabricum', 'osismi', 'sea'],
  ['mare_cantabricum', 'pictones', 'sea'],
  ['mare_cantabricum', 'santones', 'sea'],
  ['mare_cantabricum', 'veneti', 'sea'],
  ['oceanus_britannicus', 'osismi', 'sea'],
];
