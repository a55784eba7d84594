import { Role } from '@switchboard/contract';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/feedback';
import { mockFetch, ok } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import { eachTestIn } from '../../testing/test-setup';
import { TagEditDialog } from './tag-edit-dialog';

const open = (onClose = () => {}) =>
  renderApp(
    [{ path: '/channel', element: <TagEditDialog tag="team" groupOptions={['default']} onClose={onClose} /> }],
    {
      path: '/channel',
      user: { id: 1, role: Role.Root },
    },
  );

describe('tag edit dialog', () => {
  eachTestIn('en');

  it('refuses a save that changes nothing, and sends only the fields filled in', async () => {
    const requests = mockFetch(() => ok(2));
    const error = vi.spyOn(toast, 'error');
    const onClose = vi.fn();
    open(onClose);
    expect(((await screen.findByTestId('tag-edit-new-tag')) as HTMLInputElement).value).toBe('team');
    fireEvent.click(screen.getByTestId('tag-edit-submit'));
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('No changes'));
    fireEvent.change(screen.getByTestId('tag-edit-new-tag'), { target: { value: 'crew' } });
    fireEvent.change(screen.getByTestId('tag-edit-model-mapping'), { target: { value: '{"a":"b"}' } });
    fireEvent.click(screen.getByTestId('tag-edit-submit'));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = requests.filter((request) => request.url === '/api/channel/tag');
    expect(sent.map((request) => [request.method, request.body])).toEqual([
      ['PUT', { tag: 'team', new_tag: 'crew', model_mapping: '{"a":"b"}' }],
    ]);
  });

  it("opens with the tag it is opened for, not the values left from the last tag's dialog", async () => {
    mockFetch(() => ok(2));
    function TwoTags() {
      const [tag, setTag] = useState<string | null>('team');
      return (
        <>
          <button data-testid="open-other" onClick={() => setTag('crew')} />
          <TagEditDialog tag={tag} groupOptions={['default']} onClose={() => setTag(null)} />
        </>
      );
    }
    renderApp([{ path: '/channel', element: <TwoTags /> }], { path: '/channel', user: { id: 1, role: Role.Root } });
    const first = (await screen.findByTestId('tag-edit-new-tag')) as HTMLInputElement;
    expect(first.value).toBe('team');
    fireEvent.change(first, { target: { value: 'typed-but-cancelled' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByTestId('open-other'));
    await vi.waitFor(() => expect((screen.getByTestId('tag-edit-new-tag') as HTMLInputElement).value).toBe('crew'));
  });
});
