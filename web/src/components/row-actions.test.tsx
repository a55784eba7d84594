import { Button } from 'antd';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n';
import { renderApp } from '../testing/render-app';
import { RowActions } from './row-actions';

describe('row actions', () => {
  beforeEach(() => changeLanguage('en'));

  it('shows one main button, keeps the rest in "more", and deletes only after the confirmation', async () => {
    const edit = vi.fn();
    const remove = vi.fn();
    renderApp([
      {
        path: '/',
        element: (
          <RowActions
            main={<Button data-testid="main">Test</Button>}
            testId="more"
            more={[
              {
                key: 'delete',
                label: 'Delete',
                danger: true,
                confirm: { title: 'Delete "alpha"?' },
                onClick: remove,
                testId: 'delete',
              },
              { key: 'edit', label: 'Edit', onClick: edit, testId: 'edit' },
            ]}
          />
        ),
      },
    ]);
    expect(screen.getByTestId('main')).toBeTruthy();
    expect(screen.queryByTestId('delete')).toBeNull();

    fireEvent.click(screen.getByTestId('more'));
    const items = [...document.querySelectorAll('.ant-dropdown-menu-item')].map((item) => item.textContent);
    // The dangerous entry comes last, after a divider.
    expect(items).toEqual(['Edit', 'Delete']);
    fireEvent.click(await screen.findByTestId('edit'));
    expect(edit).toHaveBeenCalledOnce();

    fireEvent.click(screen.getByTestId('more'));
    fireEvent.click(await screen.findByTestId('delete'));
    expect((await screen.findAllByText('Delete "alpha"?')).length).toBeGreaterThan(0);
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('row-action-confirm'));
    await waitFor(() => expect(remove).toHaveBeenCalledOnce());
  });
});
