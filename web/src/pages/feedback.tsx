// What the last thing a player did on a settings-like page came to: a refusal (an alert) or a
// confirmation (a status), each shown only when there is one. The clients' pages (API tokens,
// webhooks, challenges) share it.

export function Feedback({ error, ok }: { error: string | null; ok: string | null }) {
  return (
    <>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {ok && (
        <p class="notice" role="status">
          {ok}
        </p>
      )}
    </>
  );
}
