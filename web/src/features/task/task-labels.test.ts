import {
  MIDJOURNEY_ACTIONS,
  MIDJOURNEY_STATUSES,
  MIDJOURNEY_SUBMIT_CODES,
  TASK_ACTIONS,
  TASK_STATUSES,
} from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { LANGUAGES } from '../../i18n/languages';

/** The keys a label is missing under: i18next answers the key itself for a missing one. */
function missing(language: string, namespace: string, keys: string[]): string[] {
  const t = i18n.getFixedT(language, namespace);
  return keys.filter(
    (key) => t(key) === key || !i18n.exists(key, { lng: language, ns: namespace, fallbackLng: false }),
  );
}

describe.each(LANGUAGES)('task labels in %s', (language) => {
  it('name every drawing action, submit code and status of spec 001 §4', () => {
    expect(
      missing(
        language,
        'midjourney',
        MIDJOURNEY_ACTIONS.map((action) => `actions.${action}`),
      ),
    ).toEqual([]);
    expect(
      missing(
        language,
        'midjourney',
        MIDJOURNEY_SUBMIT_CODES.map((code) => `codes.${code}`),
      ),
    ).toEqual([]);
    expect(
      missing(
        language,
        'task',
        MIDJOURNEY_STATUSES.map((status) => `status.${status}`),
      ),
    ).toEqual([]);
  });

  it('name every async task action and status, the empty one as submitting', () => {
    expect(
      missing(
        language,
        'task',
        TASK_ACTIONS.map((action) => `actions.${action}`),
      ),
    ).toEqual([]);
    expect(
      missing(
        language,
        'task',
        TASK_STATUSES.map((status) => `status.${status || 'SUBMITTING'}`),
      ),
    ).toEqual([]);
  });
});
