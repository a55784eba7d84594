import type { SessionUser } from '@switchboard/contract';
import { useSyncExternalStore } from 'react';
import { readStorage, removeStorage, writeStorage } from './local-storage';

/** `localStorage.user` holds the JSON of the login reply (spec 000 §4). */
export const USER_STORAGE_KEY = 'user';
export const ANONYMOUS_USER_ID = -1;

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedUser: SessionUser | null = null;

function parseUser(raw: string | null): SessionUser | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<SessionUser> | null;
    if (!value || typeof value.id !== 'number' || typeof value.role !== 'number') return null;
    return {
      id: value.id,
      username: String(value.username ?? ''),
      display_name: String(value.display_name ?? ''),
      role: value.role,
      status: Number(value.status ?? 0),
      group: String(value.group ?? ''),
    };
  } catch {
    return null;
  }
}

/** The signed-in user as stored, or `null`; the same object until the stored text changes. */
export function getStoredUser(): SessionUser | null {
  const raw = readStorage(USER_STORAGE_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = parseUser(raw);
  }
  return cachedUser;
}

/** The value of the `New-Api-User` header: the stored user's id, or -1. */
export function storedUserId(): number {
  return getStoredUser()?.id ?? ANONYMOUS_USER_ID;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function setStoredUser(user: SessionUser): void {
  writeStorage(USER_STORAGE_KEY, JSON.stringify(user));
  notify();
}

export function clearStoredUser(): void {
  removeStorage(USER_STORAGE_KEY);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === USER_STORAGE_KEY) listener();
  };
  // Another tab signing in or out changes this tab's view too.
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored user, re-rendering on sign-in, sign-out and changes from other tabs. */
export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribe, getStoredUser, () => null);
}
