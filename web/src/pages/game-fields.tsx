// The fields a new game (pages/home.tsx) and a challenge (pages/challenges.tsx) share: the time per
// move, and the chosen game's own options as its definition lists them (games/registry.ts), read
// back from the form as the API's `options`.
import type { GameEntry } from '../games/registry';

/** The times per move a form offers, in days (and "no time limit"). */
export const DAYS = [1, 2, 3, 5, 7, 14] as const;

/** "3 days per move", or "no time limit". */
export const timeText = (days: number | null) => (days ? `${days} day${days === 1 ? '' : 's'} per move` : 'no time limit');

/** A select named `days`: a number of days, or `none`. */
export function DaysField({ label = 'Days per move' }: { label?: string }) {
  return (
    <label>
      {label}
      <select name="days">
        {DAYS.map((d) => (
          <option value={d} selected={d === 3}>
            {d}
          </option>
        ))}
        <option value="none">No time limit</option>
      </select>
    </label>
  );
}

/** The `days` field's value for the API: a number, or null for no time limit. */
export const daysOf = (f: FormData): number | null => (String(f.get('days')) === 'none' ? null : Number(f.get('days')));

/** The game's own options: a select per choice, a checkbox per optional rule. */
export function OptionFields({ entry }: { entry: GameEntry }) {
  const flags = entry.options.filter((o) => o.kind === 'flag');
  return (
    <>
      {entry.options.map(
        (o) =>
          o.kind === 'choice' && (
            <label key={`${entry.id}-${o.name}`}>
              {o.title}
              <select name={o.name}>
                {o.choices.map((c) => (
                  <option value={c.value} selected={c.value === o.default}>
                    {c.title}
                  </option>
                ))}
              </select>
            </label>
          ),
      )}
      {flags.length > 0 && (
        <fieldset key={entry.id}>
          <legend>Optional rules</legend>
          {flags.map((o) => (
            <label class="inline">
              <input type="checkbox" name={o.name} defaultChecked={o.default as boolean} /> {o.title}
            </label>
          ))}
        </fieldset>
      )}
    </>
  );
}

/** The options the form's OptionFields chose, as the API's `options`. */
export function optionsOf(entry: GameEntry, f: FormData): Record<string, string | boolean> {
  return Object.fromEntries(entry.options.map((o) => [o.name, o.kind === 'choice' ? String(f.get(o.name)) : f.get(o.name) === 'on']));
}
