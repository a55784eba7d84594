import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { mockFetch, ok } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import type { OptionValues } from '../../api/resources/options';
import { PaymentComplianceCard } from './payment-compliance-card';

const root = { id: 1, username: 'root', role: 100 };

describe('the payment compliance card of the payment settings', () => {
  beforeEach(() => changeLanguage('zh'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('confirms only once the box is ticked, and then says when and which terms', async () => {
    const requests = mockFetch((request) =>
      request.url === '/api/option/payment_compliance' ? ok({ compliance_confirmed: true }) : ok([]),
    );
    const options: OptionValues = { 'payment_setting.compliance_confirmed': 'false' };
    const view = renderApp([{ path: '/', element: <PaymentComplianceCard options={options} /> }], { user: root });
    await screen.findByText('确认支付合规之前，不出售订阅套餐，Stripe 也保持关闭。');
    const confirm = screen.getByTestId('payment-compliance-confirm');
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('payment-compliance-tick'));
    fireEvent.click(confirm);
    await vi.waitFor(() =>
      expect(
        requests.filter((request) => request.url === '/api/option/payment_compliance').map((request) => request.body),
      ).toEqual([{ confirmed: true }]),
    );

    view.rerender(<></>);
    changeLanguage('en');
    const confirmedAt = 1_700_000_000;
    renderApp(
      [
        {
          path: '/',
          element: (
            <PaymentComplianceCard
              options={{
                'payment_setting.compliance_confirmed': 'true',
                'payment_setting.compliance_terms_version': 'v1',
                'payment_setting.compliance_confirmed_at': String(confirmedAt),
              }}
            />
          ),
        },
      ],
      { user: root },
    );
    const confirmed = await screen.findByTestId('payment-compliance-confirmed');
    expect(confirmed.textContent).toContain('Payment compliance confirmed (terms v1');
    expect(confirmed.textContent).toContain(new Date(confirmedAt * 1000).toLocaleString());
  });
});
