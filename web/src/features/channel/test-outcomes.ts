import { useSyncExternalStore } from 'react';

/**
 * The last manual test of each channel in this page's life: the server stores a response time for a
 * failed test too, so the list would otherwise show a failed test as a green "0.01 s".
 */
const failures = new Map<number, string>();
const listeners = new Set<() => void>();
let version = 0;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

export function recordTestFailure(channelId: number, message: string): void {
  failures.set(channelId, message);
  changed();
}

export function recordTestSuccess(channelId: number): void {
  if (failures.delete(channelId)) changed();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The message of the channel's last failed test, or null when it has not failed since the page opened. */
export function useTestFailure(channelId: number): string | null {
  useSyncExternalStore(subscribe, () => version);
  return failures.get(channelId) ?? null;
}
