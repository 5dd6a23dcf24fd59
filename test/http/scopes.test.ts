// Scopes, over the whole contract (issue 42): every operation of openapi.yaml says which scope its
// token must hold, the table below says the same (so a change to an operation's scope is a change
// here too), and the server enforces it on every operation: a personal token without the scope
// gets 403 `insufficient_scope` naming it, before anything happens, and one with it gets past the
// check; a session token holds every scope; a public operation asks for none.
import t from 'tap';
import { loadOpenApi, operationsOf } from '../../src/http/openapi.js';
import { apiServer, type ApiServer } from '../helpers/api.js';

/** Each operation's required scope: null for public ones, '' for "any token". */
const EXPECTED: Record<string, string | null> = {
  getHealth: null, getOpenApi: null, getDocs: null, register: null, login: null, confirmEmail: null,
  requestPasswordReset: null, confirmPasswordReset: null, passwordResetPage: null, passwordResetForm: null,
  unsubscribePage: null, unsubscribe: null, getCatalog: null, getInvitation: null, getGameCommitment: null, getRecordKeys: null,
  signOut: '',
  getMe: 'read', streamMyEvents: 'read', listGames: 'read', getGame: 'read', getGameEmails: 'read', getGameLog: 'read',
  getGameRecord: 'read', getGameTranscript: 'read', getGamePosition: 'read', streamGameEvents: 'read', listGameMessages: 'read',
  getMessageSettings: 'read', markMessagesRead: 'read', getGameNotes: 'read', getRematch: 'read', listBlocks: 'read', getPlayer: 'read',
  listPlayerGames: 'read', getLeaderboard: 'read', getBotLeaderboard: 'read', listChallenges: 'read', getChallenge: 'read',
  createGame: 'play', cancelGame: 'play', setGameEmails: 'play', setGameBots: 'play', joinGame: 'play', submitAction: 'play', playCard: 'play',
  undoAction: 'play', resignGame: 'play', claimTimeout: 'play', extendTime: 'play', putGameNotes: 'play', offerRematch: 'play',
  createSeek: 'play', createChallenge: 'play', acceptChallenge: 'play', declineChallenge: 'play', cancelChallenge: 'play',
  postGameMessage: 'messages', setMessageSettings: 'messages',
  updateMe: 'account', changeEmail: 'account', resendEmailConfirmation: 'account', changePassword: 'account',
  signOutEverywhere: 'account', exportMyData: 'account', deleteAccount: 'account', blockUser: 'account', unblockUser: 'account',
  createApiToken: 'account', listApiTokens: 'account', revokeApiToken: 'account', declareBot: 'account',
  createWebhook: 'account', listWebhooks: 'account', deleteWebhook: 'account', testWebhook: 'account',
};

const api = loadOpenApi();
const operations = operationsOf(api.document).map(({ path, method, op }) => {
  const requirements = op.security ?? api.document.security ?? [];
  const isPublic = requirements.length === 0 || requirements.some((r) => Object.keys(r).length === 0);
  const scopes = [...new Set(requirements.flatMap((r) => Object.values(r).flat()))] as string[];
  return { path, method, id: op.operationId!, scope: isPublic ? null : (scopes[0] ?? ''), scopes, hasBody: op.requestBody !== undefined };
});

t.test('every operation of the contract names its scope, as the table says', async (t) => {
  t.same(operations.map((o) => o.id).sort(), Object.keys(EXPECTED).sort(), 'the table covers every operation, and only them');
  for (const o of operations) {
    t.ok(o.scopes.length <= 1, `${o.id}: one scope at most`);
    t.equal(o.scope, EXPECTED[o.id], `${o.method.toUpperCase()} ${o.path} (${o.id}): ${EXPECTED[o.id] ?? 'public'}`);
    if (o.scope !== null) t.ok(o.id in EXPECTED && api.document.paths![o.path]![o.method]!.security, `${o.id} declares its security itself`);
  }
});

/** The operation's URL with its path parameters filled in with values that exist. */
function urlOf(path: string, ids: { game: string; handle: string; other: string }): string {
  return path
    .replace('{game}', 'julius-caesar')
    .replace('{name}', ids.handle)
    .replace('{userId}', ids.other)
    .replace('{n}', '1')
    .replace('{id}', path.startsWith('/v1/games/') ? ids.game : '0195f3b0-7c1e-7cc3-9a4e-2d1f4f7a9b10');
}

async function call(s: ApiServer, token: string, method: string, url: string, hasBody: boolean): Promise<{ status: number; code?: string; scope?: string }> {
  // Streams answer 200 and stay open: only the head is read.
  const controller = new AbortController();
  const res = await fetch(`${s.base}${url}`, {
    method: method.toUpperCase(),
    headers: { authorization: `Bearer ${token}`, ...(hasBody && { 'content-type': 'application/json' }) },
    ...(hasBody && { body: '{}' }),
    signal: controller.signal,
  });
  const type = res.headers.get('content-type') ?? '';
  const body = /json/.test(type) ? ((await res.json()) as { code?: string; scope?: string }) : (controller.abort(), {});
  return { status: res.status, ...body };
}

t.test('enforced on every operation: without its scope 403 naming it, with it past the check', async (t) => {
  const s = await apiServer(t);
  const owner = await s.signUp('Marcus');
  const other = await s.signUp('Gnaeus');
  const game = (await owner.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body.id as string;
  const ids = { game, handle: 'Marcus', other: other.id };
  const tokens: Record<string, string> = {};
  for (const scope of ['read', 'play', 'messages']) {
    tokens[scope] = (await owner.client.post('/v1/me/api-tokens', { name: scope, scopes: [scope] })).body.token;
  }
  const before = await s.db.prisma.game.count();
  let refused = 0;
  const scoped = operations.filter((x) => x.scope !== null);
  for (const o of scoped) {
    const url = urlOf(o.path, ids);
    for (const [scope, token] of Object.entries(tokens)) {
      if (o.scope === '' || o.scope === scope) continue;
      const res = await call(s, token, o.method, url, o.hasBody);
      t.match(res, { status: 403, code: 'insufficient_scope', scope: o.scope }, `${o.id} refuses a ${scope} token, naming ${o.scope}`);
      refused++;
    }
  }
  t.equal(await s.db.prisma.game.count(), before, 'no refused request made anything');
  t.equal((await owner.client.get(`/v1/games/${game}`)).status, 200, 'nor cancelled anything');
  // With the scope (a session token for `account`, a fresh one for operations that end the account or its tokens).
  for (const o of scoped) {
    const url = urlOf(o.path, ids);
    const fresh = o.scope === 'account' || o.scope === '' ? await s.signUp(`Fresh ${o.id}`) : null;
    const allowed = o.scope === '' ? (await fresh!.client.post('/v1/me/api-tokens', { name: 'x', scopes: ['read'] })).body.token : fresh ? fresh.token : tokens[o.scope!]!;
    const res = await call(s, allowed, o.method, url, o.hasBody);
    t.not(res.code, 'insufficient_scope', `${o.id} lets a token with ${o.scope || 'any scope'} past the check (${res.status} ${res.code ?? ''})`);
    t.not(res.status, 401, `${o.id}: the token stands`);
  }
  t.ok(refused > 100, `${refused} refusals checked`);
});
