// What a token may do. Each operation of openapi.yaml names the scope it needs in its security
// requirement (`security: [{ bearerAuth: [play] }]`), read by src/http/auth.ts when the routes are
// registered, so the contract is the one place that says it. A session token (signing in) holds
// every scope; a personal API token holds those its owner chose, never `account`: so it never
// changes the password, the address, the tokens or the webhooks, and never deletes the account.
export const SCOPES = ['read', 'play', 'messages', 'account'] as const;
export type Scope = (typeof SCOPES)[number];

/** The scopes a personal token may be given. */
export const PERSONAL_SCOPES: readonly Scope[] = ['read', 'play', 'messages'];

/** A session token's: all of them. */
export const SESSION_SCOPES: readonly Scope[] = SCOPES;

export function isScope(s: unknown): s is Scope {
  return (SCOPES as readonly unknown[]).includes(s);
}

/** What each scope allows, in the words of the refusal and of the settings page. */
export const SCOPE_WORDS: Record<Scope, string> = {
  read: 'read your games, players, challenges and event streams',
  play: 'create, join and play games, answer and send challenges, resign',
  messages: "write in games' messages",
  account: 'change the account (password, address, tokens, webhooks, deletion): signing in only',
};
