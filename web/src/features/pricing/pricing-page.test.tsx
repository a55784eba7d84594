import type { PricingItem } from '@switchboard/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { mockFetch } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import PricingPage from './pricing-page';
import { formatUsd } from '../../lib/format';
import { ratioColor } from './pricing-display';

const item = (values: Partial<PricingItem>): PricingItem => ({
  model_name: 'model',
  quota_type: 0,
  model_ratio: 0,
  completion_ratio: 0,
  model_price: 0,
  enable_groups: ['default'],
  unpriced: false,
  ...values,
});

const reply = {
  success: true,
  message: '',
  data: [
    item({ model_name: 'gpt-4o', model_ratio: 1.25, completion_ratio: 4, enable_groups: ['default', 'vip'] }),
    item({ model_name: 'dall-e-3', quota_type: 1, model_price: 0.04 }),
    item({ model_name: 'house-model', unpriced: true, enable_groups: ['vip'] }),
  ],
  group_ratio: { default: 1, vip: 0.5 },
  usable_group: { default: 'Default group', vip: 'VIP' },
};

const rows = () => [...screen.getByTestId('pricing-table').querySelectorAll<HTMLElement>('tbody tr.ant-table-row')];

describe('pricing page', () => {
  beforeEach(() => changeLanguage('en'));
  afterEach(() => vi.unstubAllGlobals());

  it('prices each model in the chosen group by the published formula', async () => {
    mockFetch(() => ({ body: reply }));
    renderApp([{ path: '/pricing', element: <PricingPage /> }], { path: '/pricing' });
    // default group: 1.25 × 2 × 1 = $2.5 per 1M prompt tokens; completion × 4 = $10
    expect((await screen.findByTestId('price-gpt-4o')).textContent).toBe(
      'Prompt $2.5 / 1M tokensCompletion $10 / 1M tokens',
    );
    expect(screen.getByTestId('price-dall-e-3').textContent).toBe('$0.04 / call');
    expect(within(rows()[2]!).getAllByText('Unpriced').length).toBeGreaterThan(0);
    expect(screen.getByTestId('pricing-explanation').textContent).toContain('model ratio × 2 × group ratio');

    fireEvent.mouseDown(
      screen.getByTestId('pricing-group').querySelector('.ant-select-selector') ?? screen.getByTestId('pricing-group'),
    );
    fireEvent.click(await screen.findByText('vip (VIP) × 0.5'));
    // vip: 1.25 × 2 × 0.5 = $1.25; completion $5; per call 0.04 × 0.5 = $0.02
    await waitFor(() =>
      expect(screen.getByTestId('price-gpt-4o').textContent).toBe('Prompt $1.25 / 1M tokensCompletion $5 / 1M tokens'),
    );
    expect(screen.getByTestId('price-dall-e-3').textContent).toBe('$0.02 / call');
    expect(within(rows()[2]!).getByLabelText('Available in group vip')).toBeTruthy();
  });

  it('finds models by name', async () => {
    mockFetch(() => ({ body: reply }));
    renderApp([{ path: '/pricing', element: <PricingPage /> }], { path: '/pricing' });
    await screen.findByTestId('price-gpt-4o');
    fireEvent.change(screen.getByTestId('pricing-search').querySelector('input')!, { target: { value: 'DALL' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByTestId('price-dall-e-3')).toBeTruthy();
  });

  it('colours ratios as the spec says and prints dollars without float noise', () => {
    expect([
      ratioColor(6),
      ratioColor(5),
      ratioColor(3.5),
      ratioColor(3),
      ratioColor(1.5),
      ratioColor(1),
      ratioColor(0.1),
    ]).toEqual(['red', 'orange', 'orange', 'blue', 'blue', 'green', 'green']);
    expect(formatUsd(0.075 * 2)).toBe('$0.15');
  });
});
