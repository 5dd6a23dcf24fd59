// A secret the API shows once (a personal API token, a webhook's signing secret): in a read-only
// field with a copy button and a warning that Alea cannot show it again, until it is put away.
import { useState } from 'preact/hooks';

export function ShownOnce({ label, value, warning, onDone }: { label: string; value: string; warning: string; onDone: () => void }) {
  const [copied, setCopied] = useState<string | null>(null);
  const id = `once-${label.replace(/\W+/g, '-').toLowerCase()}`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('Copied.');
    } catch {
      // No clipboard here (an insecure origin, a refusal): the field is selected for Ctrl-C instead.
      const field = document.getElementById(id) as HTMLInputElement | null;
      field?.select();
      setCopied('Selected: press Ctrl-C (⌘-C) to copy it.');
    }
  }
  return (
    <div class="notice shown-once" role="group" aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} for={id}>
        {label}
      </label>
      <div class="copy-row">
        <input id={id} class="secret" readOnly value={value} spellcheck={false} autocomplete="off" onFocus={(e) => (e.currentTarget as HTMLInputElement).select()} />
        <button type="button" onClick={copy}>
          Copy
        </button>
      </div>
      <p>
        <strong>{warning}</strong>
      </p>
      {copied && (
        <p role="status" class="muted">
          {copied}
        </p>
      )}
      <button type="button" class="secondary" onClick={onDone}>
        I have kept it: hide it
      </button>
    </div>
  );
}
