// 3 Game Setup: the Barbarian's Helvetii and Germans, the Roman's six legions, Volcae and
// Allobroges; every other tribe neutral and face-down at home; one tribe of each variable pair
// drawn at random (public), the other set aside for the game (checklist 13); 15 supply, 0 VP.

import { BLOCKS } from './data/blocks.js';
import { AREAS } from './data/map.js';
import { START_SUPPLY } from './data/tables.js';
import { logPublic } from './log.js';
import { createRng, randomInt } from './random.js';
import { ASIDE, DEFAULT_OPTIONS, idx, POOL, REMOVED, REVISIONS, type Options, type State } from './state.js';
import { startTurn } from './cards.js';
import { newSolo } from './solitaire.js';

export function setup(seed: string, options: Partial<Options> & { solitaire?: boolean; revision?: string } = {}): State {
  const opts: Options = { ...DEFAULT_OPTIONS, ...pick(options) };
  const s: State = {
    game: 'caesars-gallic-war',
    options: opts,
    revision: revisionOf(options.revision),
    rng: createRng(seed),
    turn: 1,
    step: 'play',
    loc: BLOCKS.map(() => ASIDE),
    str: BLOCKS.map(() => 0),
    owner: BLOCKS.map(() => null),
    inFort: BLOCKS.map(() => false),
    half: BLOCKS.map(() => 0),
    moved: BLOCKS.map(() => false),
    leaderHome: { vercingetorix: null, dumnorix: null, ambiorix: null },
    legionDied: {},
    variable: [],
    deck: [],
    hand: { Roman: [], Barbarian: [] },
    discard: { Roman: [], Barbarian: [] },
    activated: { Roman: [], Barbarian: [] },
    massiveRevoltPlayed: false,
    massiveRevoltForced: false,
    sealed: { Roman: null, Barbarian: null },
    played: { Roman: null, Barbarian: null },
    declared: { Roman: null, Barbarian: null },
    round: 0,
    supply: START_SUPPLY,
    vp: 0,
    activations: { Roman: 0, Barbarian: 0 },
    raids: 0,
    caesarWintered: false,
    ariovistusWintered: false,
    garrison: 2,
    firstMover: null,
    current: null,
    tasks: [],
    fights: {},
    crossings: { Roman: {}, Barbarian: {} },
    entries: {},
    sailed: {},
    subdued: [],
    battle: null,
    regroup: null,
    wintering: [],
    attrition: [],
    flags: {
      britanniaInvasionVp: false,
      germaniaInvasionVp: false,
      britanniaTribesVp: 0,
      germaniaCrossed: false,
      germaniaFought: false,
      britanniaFoughtLegions: 0,
      killedThisTurn: [],
      firstCardLeaders: [],
      eliminatedRegions: [],
    },
    log: [],
    history: [],
    result: null,
    solo: options.solitaire === true ? newSolo() : null,
  };
  BLOCKS.forEach((b, i) => {
    const st = b.start;
    if (st.kind === 'placed') {
      s.loc[i] = st.area;
      s.owner[i] = st.owner;
      s.str[i] = st.strength;
    } else if (st.kind === 'neutral') {
      s.loc[i] = b.home!;
      s.str[i] = b.steps[0]!;
    } else if (st.kind === 'force-pool') {
      s.loc[i] = b.id === 'legio-I' && !opts.legionI ? ASIDE : POOL;
      if (s.loc[i] === POOL) s.owner[i] = 'Roman';
    }
  });
  // The variable areas, in map order: one tribe of the two, 50/50.
  for (const a of AREAS) {
    if (a.kind !== 'variable') continue;
    const k = randomInt(s.rng, 2);
    const chosen = idx(a.tribes[k]!);
    const other = idx(a.tribes[1 - k]!);
    s.loc[chosen] = a.id;
    s.str[chosen] = BLOCKS[chosen]!.steps[0]!;
    s.loc[other] = REMOVED;
    s.variable.push(BLOCKS[chosen]!.id);
  }
  logPublic(s, `Caesar's Gallic War (2nd edition). Variable tribes in play: ${s.variable.map((id) => BLOCKS[idx(id)]!.name).join(', ')}.`);
  const on = (Object.keys(opts) as (keyof Options)[]).filter((k) => opts[k] !== DEFAULT_OPTIONS[k]);
  if (s.solo) logPublic(s, 'Solitaire (12): the Barbarian is played by the bot.');
  if (on.length) logPublic(s, `Options: ${on.map((k) => `${k} ${opts[k] ? 'on' : 'off'}`).join(', ')}.`);
  startTurn(s);
  return s;
}

/** Only known option names with boolean values are taken. */
/** State.revision: the revision asked for (a stored game's), or the last for a new game; the first is none. */
function revisionOf(asked: string | undefined): 2 | undefined {
  const r = asked ?? REVISIONS[REVISIONS.length - 1];
  if (!(REVISIONS as readonly string[]).includes(r)) throw new Error(`Caesar's Gallic War has no rules revision "${r}" (${REVISIONS.join(', ')}).`);
  return r === '2' ? 2 : undefined;
}

function pick(o: Partial<Options>): Partial<Options> {
  const out: Partial<Options> = {};
  for (const k of Object.keys(DEFAULT_OPTIONS) as (keyof Options)[]) if (typeof o[k] === 'boolean') out[k] = o[k];
  return out;
}
