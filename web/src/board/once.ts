// A value loaded once per page load and shared by every component that asks for it (a game's
// catalog): null until it has come, or if it cannot come.
import { useEffect, useState } from 'preact/hooks';

export function useOnce<T>(load: () => Promise<T | null>): T | null {
  const [c, setC] = useState<T | null>(null);
  useEffect(() => {
    let live = true;
    void load().then((x) => live && setC(x));
    return () => void (live = false);
  }, [load]);
  return c;
}
