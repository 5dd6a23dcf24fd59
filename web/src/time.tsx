// Deadlines as a person reads them: "2 d 4 h left", ticking every minute (every second in the last hour).
import { useEffect, useState } from 'preact/hooks';

export function left(deadline: string, now = Date.now()): string {
  const ms = new Date(deadline).getTime() - now;
  if (ms <= 0) return 'overdue';
  const m = Math.floor(ms / 60_000);
  const d = Math.floor(m / 1440);
  const h = Math.floor((m % 1440) / 60);
  if (d > 0) return `${d} d ${h} h left`;
  if (h > 0) return `${h} h ${m % 60} min left`;
  if (m > 0) return `${m} min left`;
  return `${Math.ceil(ms / 1000)} s left`;
}

export function Countdown({ deadline }: { deadline: string | null | undefined }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!deadline) return;
    const soon = new Date(deadline).getTime() - Date.now() < 3_600_000;
    const timer = setInterval(() => setNow(Date.now()), soon ? 1000 : 30_000);
    return () => clearInterval(timer);
  }, [deadline, now]);
  if (!deadline) return <span class="muted">no time limit</span>;
  return (
    <time dateTime={deadline} title={new Date(deadline).toLocaleString()}>
      {left(deadline, now)}
    </time>
  );
}

/** A moment as the pages write it: "2 Dec 2026, 05:37". */
export const dateTime = (iso: string) => new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** A day as the pages write it: "2 Dec 2026". */
export const dateOnly = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
