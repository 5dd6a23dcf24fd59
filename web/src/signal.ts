// A value that components can watch (a few lines instead of a state library).
import { useEffect, useState } from 'preact/hooks';

export interface Signal<T> {
  get(): T;
  set(v: T): void;
  use(): T;
}

export function signal<T>(initial: T): Signal<T> {
  let value = initial;
  const listeners = new Set<(v: T) => void>();
  return {
    get: () => value,
    set(v) {
      value = v;
      listeners.forEach((l) => l(v));
    },
    use() {
      const [v, setV] = useState(value);
      useEffect(() => {
        const l = (n: T) => setV(() => n);
        listeners.add(l);
        setV(() => value);
        return () => void listeners.delete(l);
      }, []);
      return v;
    },
  };
}
