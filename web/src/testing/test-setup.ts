import { afterEach, beforeEach, vi } from 'vitest';
import { changeLanguage } from '../i18n';

/** Each test of the suite runs in `language`, and the fetch stubs and spies it set are undone after it. */
export function eachTestIn(language: 'en' | 'zh'): void {
  beforeEach(async () => {
    await changeLanguage(language);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
