import { Role } from '@switchboard/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/feedback';
import { mockFetch } from '../../testing/fetch-mock';
import {
  addCustomModels,
  createKeyLinesChannel,
  openChannelEditor,
  serveChannelEditor,
  typeInto,
} from '../../testing/channel-editor';
import { eachTestIn } from '../../testing/test-setup';

const stored = {
  id: 7,
  type: 1,
  name: 'stored',
  base_url: 'https://api.example',
  other: '',
  models: 'gpt-4o',
  group: 'default',
  model_mapping: '',
  status: 1,
};

const serve = serveChannelEditor({
  stored,
  createdIds: [1, 2],
  modelsByType: { '1': ['gpt-4o', 'gpt-4o-mini'], '36': ['suno_music', 'suno_lyrics'] },
});

describe('channel editor', () => {
  eachTestIn('en');

  it('checks the name, key and models before sending', async () => {
    const requests = mockFetch(serve);
    const error = vi.spyOn(toast, 'error');
    fireEvent.click(await openChannelEditor());
    await vi.waitFor(() => expect(error).toHaveBeenLastCalledWith('Please fill in the channel name and key'));
    typeInto('channel-name-input', 'primary');
    typeInto('channel-key', 'sk-1');
    fireEvent.click(screen.getByTestId('channel-submit'));
    await vi.waitFor(() => expect(error).toHaveBeenLastCalledWith('Please select at least one model'));
    typeInto('channel-model-mapping', '{oops');
    addCustomModels('gpt-4o');
    fireEvent.click(screen.getByTestId('channel-submit'));
    await vi.waitFor(() => expect(error).toHaveBeenLastCalledWith('Model mapping must be valid JSON'));
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('needs a key to fetch models while creating, and warns about custom models that already exist', async () => {
    mockFetch(serve);
    const error = vi.spyOn(toast, 'error');
    const warning = vi.spyOn(toast, 'warning');
    await openChannelEditor();
    fireEvent.click(screen.getByTestId('channel-fetch-models'));
    await vi.waitFor(() => expect(error).toHaveBeenLastCalledWith('Please fill in the key'));
    addCustomModels('gpt-4o');
    expect(warning).not.toHaveBeenCalled();
    addCustomModels('gpt-4o, my-model');
    await vi.waitFor(() => expect(warning).toHaveBeenLastCalledWith('Some models already exist: gpt-4o'));
  });

  it('creates one channel per key line in batch mode', async () => {
    const { body, success } = await createKeyLinesChannel(serve, {
      name: 'fleet',
      mode: 'channel-batch',
      keys: 'sk-1\nsk-2',
      baseUrl: 'http://127.0.0.1:9/',
      models: 'gpt-4o',
    });
    expect(success).toHaveBeenCalledWith('Created 2 channel(s)');
    expect(body).toMatchObject({
      mode: 'batch',
      name: 'fleet',
      key: 'sk-1\nsk-2',
      base_url: 'http://127.0.0.1:9',
      models: 'gpt-4o',
      group: 'default',
      type: 1,
    });
  });

  it.each([
    {
      role: Role.Admin,
      hint: 'Leave empty to keep the current key; changing the type, base URL or address fields needs the key again',
    },
    { role: Role.Root, hint: 'Leave empty to keep the current key' },
  ])('tells an editor of role $role when the stored key may stay', async ({ role, hint }) => {
    mockFetch(serve);
    await openChannelEditor('/channel/edit/7', role);
    await vi.waitFor(() => expect(screen.getByTestId('channel-key').getAttribute('placeholder')).toBe(hint));
  });
});
