import { useEffect, useState } from 'react';

/** Seconds left before an action may run again; `start()` begins a new wait. */
export function useCountdown(seconds: number): { remaining: number; start: () => void } {
  const [remaining, setRemaining] = useState(0);
  useEffect(() => {
    if (remaining <= 0) return undefined;
    const timer = setTimeout(() => setRemaining((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);
  return { remaining, start: () => setRemaining(seconds) };
}
