import { optionCatalogue, type OptionKey } from '@switchboard/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/feedback';
import { changeLanguage } from '../../i18n';
import { mockFetch } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import type { OptionValues } from '../../api/resources/options';
import { RateLimitSections } from './rate-limit-sections';
import { optionServer, putsOf, rootUser } from '../../testing/setting-fixtures';

const keys: OptionKey[] = [
  'ModelRequestRateLimitEnabled',
  'ModelRequestRateLimitDurationMinutes',
  'ModelRequestRateLimitCount',
  'ModelRequestRateLimitSuccessCount',
  'ModelRequestRateLimitGroup',
  'GroupTpmLimit',
];
const defaults: OptionValues = Object.fromEntries(keys.map((key) => [key, optionCatalogue[key].default]));

function show() {
  const requests = mockFetch(optionServer(keys.map((key) => ({ key, value: defaults[key] ?? '' }))));
  renderApp([{ path: '/setting', element: <RateLimitSections options={defaults} /> }], {
    path: '/setting',
    user: rootUser,
  });
  return requests;
}

/** Shows the sections in `language`, watching the toasts; answers the section `name` and the requests. */
async function openSection(language: 'en' | 'zh', name: string) {
  await changeLanguage(language);
  const requests = show();
  const success = vi.spyOn(toast, 'success');
  const error = vi.spyOn(toast, 'error');
  const section = await screen.findByTestId(`section-${name}`);
  return { requests, success, error, section };
}

function field(section: HTMLElement, key: OptionKey) {
  const input = within(section).getByTestId(`option-${key}`).querySelector('input, textarea, button');
  if (!input) throw new Error(`no input for ${key}`);
  return input as HTMLInputElement;
}

describe('the rate limit settings (issue 22)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('turns the model request rate limit on with its window, counts and group overrides', async () => {
    const { requests, success, section } = await openSection('en', 'modelRequestRateLimit');
    expect(within(section).getByText('Model request rate limit')).toBeTruthy();
    expect(within(section).getByText(/answers 429 in the client's own format/)).toBeTruthy();
    fireEvent.click(field(section, 'ModelRequestRateLimitEnabled'));
    fireEvent.change(field(section, 'ModelRequestRateLimitDurationMinutes'), { target: { value: '5' } });
    fireEvent.change(field(section, 'ModelRequestRateLimitCount'), { target: { value: '100' } });
    fireEvent.change(field(section, 'ModelRequestRateLimitGroup'), { target: { value: '{"vip": [0, 2000]}' } });
    fireEvent.click(within(section).getByTestId('save-modelRequestRateLimit'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Saved'));
    expect(putsOf(requests)).toEqual([
      { key: 'ModelRequestRateLimitEnabled', value: 'true' },
      { key: 'ModelRequestRateLimitDurationMinutes', value: '5' },
      { key: 'ModelRequestRateLimitCount', value: '100' },
      { key: 'ModelRequestRateLimitGroup', value: '{"vip": [0, 2000]}' },
    ]);
  });

  /** Types `value` into the field, saves, and answers the error toasts and the saved values. */
  async function saveRefused(key: OptionKey, value: string) {
    const { requests, error, section } = await openSection('en', 'modelRequestRateLimit');
    fireEvent.change(field(section, key), { target: { value } });
    fireEvent.click(within(section).getByTestId('save-modelRequestRateLimit'));
    return { section, error, requests };
  }

  it.each([
    ['a success count of 0 in a group', '{"vip": [10, 0]}', /^Not valid group limits: a JSON object such as/],
    ['a group with one count', '{"vip": [10]}', /^Not valid group limits: a JSON object such as/],
    ['a fractional count', '{"vip": [1.5, 10]}', /^Not valid group limits: a JSON object such as/],
    ['no JSON at all', 'vip: 10', /^Not a valid JSON string$/],
  ])('refuses %s, as the server would, and saves nothing', async (_case, text, message) => {
    const { section, error, requests } = await saveRefused('ModelRequestRateLimitGroup', text);
    await waitFor(() => expect(error).toHaveBeenCalledWith('Please check the input'));
    expect(await within(section).findByText(message)).toBeTruthy();
    expect(putsOf(requests)).toEqual([]);
  });

  it('refuses a fractional window under the field, and saves nothing', async () => {
    const { section, error, requests } = await saveRefused('ModelRequestRateLimitDurationMinutes', '1.5');
    await waitFor(() => expect(error).toHaveBeenCalledWith('Please check the input'));
    expect(
      await within(within(section).getByTestId('option-ModelRequestRateLimitDurationMinutes')).findByText(
        'Must be a whole number',
      ),
    ).toBeTruthy();
    expect(putsOf(requests)).toEqual([]);
  });

  it('saves the tokens per minute of each group, in Chinese', async () => {
    const { requests, success, section } = await openSection('zh', 'groupTpmLimit');
    expect(within(section).getByText('分组每分钟 Token 数')).toBeTruthy();
    expect(within(section).getByText(/未列出的分组不限制/)).toBeTruthy();
    fireEvent.change(field(section, 'GroupTpmLimit'), { target: { value: '{"default": 200000}' } });
    fireEvent.click(within(section).getByTestId('save-groupTpmLimit'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('保存成功'));
    expect(putsOf(requests)).toEqual([{ key: 'GroupTpmLimit', value: '{"default": 200000}' }]);
  });
});
