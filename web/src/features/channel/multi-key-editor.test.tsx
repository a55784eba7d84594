import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/fetch-mock';
import { createKeyLinesChannel, openChannelEditor, serveChannelEditor, typeInto } from '../../testing/channel-editor';
import { channelView } from '../../testing/channel-fixtures';
import { eachTestIn } from '../../testing/test-setup';

const multiKey = channelView(9, {
  name: 'many',
  channel_info: { is_multi_key: true, multi_key_size: 4, multi_key_polling_index: 0, multi_key_mode: 'polling' },
});

const serve = serveChannelEditor({ stored: multiKey, createdIds: [1] });

describe('the channel editor, multi-key part', () => {
  eachTestIn('en');

  it('creates one multi-key channel from the key lines, in the rotation chosen', async () => {
    const { body } = await createKeyLinesChannel(serve, {
      name: 'pool',
      mode: 'channel-multi-to-single',
      keys: 'sk-1\nsk-2\nsk-3',
      models: 'gpt-4o',
    });
    expect(body).toMatchObject({
      mode: 'multi_to_single',
      multi_key_mode: 'random',
      name: 'pool',
      key: 'sk-1\nsk-2\nsk-3',
    });
  });

  it('edits a multi-key channel: says how many keys it holds and appends the keys typed', async () => {
    const requests = mockFetch(serve);
    await openChannelEditor('/channel/edit/9');
    const notice = await screen.findByTestId('channel-multi-key-notice');
    expect(notice.textContent).toContain('This channel holds 4 keys');
    typeInto('channel-key', 'sk-5');
    fireEvent.click(screen.getByTestId('channel-submit'));
    await vi.waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({ id: 9, key: 'sk-5', key_mode: 'append', multi_key_mode: 'polling' });
  });
});
