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

/** Asserts that every `<group>.<value>` key has a label in the language. */
function expectNamed(language: string, namespace: string, group: string, values: readonly (string | number)[]) {
  expect(
    missing(
      language,
      namespace,
      values.map((value) => `${group}.${value}`),
    ),
  ).toEqual([]);
}

describe.each(LANGUAGES)('task labels in %s', (language) => {
  it('name every drawing action, submit code and status of spec 001 §4', () => {
    expectNamed(language, 'midjourney', 'actions', MIDJOURNEY_ACTIONS);
    expectNamed(language, 'midjourney', 'codes', MIDJOURNEY_SUBMIT_CODES);
    expectNamed(language, 'task', 'status', MIDJOURNEY_STATUSES);
  });

  it('name every async task action and status, the empty one as submitting', () => {
    expectNamed(language, 'task', 'actions', TASK_ACTIONS);
    expectNamed(
      language,
      'task',
      'status',
      TASK_STATUSES.map((status) => status || 'SUBMITTING'),
    );
  });
});
