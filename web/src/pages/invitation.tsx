// An invite link opened signed out: the sign-in page says who invites the visitor to which game,
// and as which side (GET /v1/games/{id}/invitation, which the link's code opens to anyone), above
// the form to create an account (and join), which comes first there.
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api';

/** The game and code of an invite link (`/games/<id>?invite=<code>`), or null. */
export function inviteOf(next: string | null): { id: string; code: string } | null {
  const m = /^\/games\/([^/?]+)\?(.*)$/.exec(next ?? '');
  if (!m) return null;
  const code = new URLSearchParams(m[2]).get('invite');
  return code ? { id: decodeURIComponent(m[1]!), code } : null;
}

export function InviteNote({ id, code }: { id: string; code: string }) {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api
      .GET('/v1/games/{id}/invitation', { params: { path: { id }, query: { code } } })
      .then((res) => {
        if (!live) return;
        const i = res.data;
        setText(
          i
            ? `${i.invitedBy} invites you to a game of ${i.title}: you would play ${i.role}.`
            : 'This invitation is no longer open: the game has started or was cancelled.',
        );
      })
      .catch(() => live && setText(null));
    return () => {
      live = false;
    };
  }, [id, code]);
  return (
    <p class="notice narrow invite-note" role="status">
      {text ?? 'You have been invited to a game on Alea.'}
    </p>
  );
}
