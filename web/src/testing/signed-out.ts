import { Role } from '@switchboard/contract';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearStoredUser } from '../api/session';
import { changeLanguage } from '../i18n';

/** Each test of the calling suite starts signed out with the console in English; stubbed `fetch` and spies are undone after it. */
export function startEachTestSignedOutInEnglish(): void {
  beforeEach(async () => {
    await changeLanguage('en');
    clearStoredUser();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/** An enabled common user in the default group, as a sign-in answers it. */
export const commonUser = (fields: { id: number; username: string; display_name: string }) => ({
  ...fields,
  role: Role.Common,
  status: 1,
  group: 'default',
});
