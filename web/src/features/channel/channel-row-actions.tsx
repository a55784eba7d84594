import { ChannelStatus, type ChannelView } from '@switchboard/contract';
import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { toast } from '../../components/feedback';
import { copyChannel, deleteChannel, updateChannel } from './channel-api';
import { ChannelTestButton } from './channel-test-button';
import { ModelUpdateButton } from './model-update-dialog';
import { useChannelMutation } from './use-channel-mutation';
import { MultiKeyButton } from './multi-key-button';

interface ChannelRowActionsProps {
  channel: ChannelView;
  onEdit: (channel: ChannelView) => void;
}

/** Test (optionally one chosen model), delete, enable or disable, edit, copy (spec 001 Channel list). */
export function ChannelRowActions({ channel, onEdit }: ChannelRowActionsProps) {
  const { t } = useTranslation('channel');
  const remove = useChannelMutation(() => deleteChannel(channel.id), () => t('messages.deleted'));
  const toggle = useChannelMutation(
    (status: number) => updateChannel({ id: channel.id, status: status as 1 | 2 }),
    (_result, status) => (status === ChannelStatus.Enabled ? t('messages.enabled') : t('messages.disabled')),
  );
  const copy = useChannelMutation(
    async () => {
      try {
        return await copyChannel(channel.id);
      } catch (error) {
        toast.error(t('messages.copyFailed', { message: isApiError(error) ? error.message : String(error) }));
        throw error;
      }
    },
    () => t('messages.copied', { name: channel.name }),
  );
  const enabled = channel.status === ChannelStatus.Enabled;

  return (
    <Space size={4} wrap>
      <ChannelTestButton channel={channel} />
      <Popconfirm
        title={t('messages.deleteConfirm', { name: channel.name })}
        okButtonProps={{ danger: true }}
        onConfirm={() => remove.mutateAsync(undefined)}
      >
        <Button size="small" danger loading={remove.isPending} data-testid="channel-delete">
          {t('actions.delete')}
        </Button>
      </Popconfirm>
      <Button
        size="small"
        loading={toggle.isPending}
        onClick={() => toggle.mutate(enabled ? ChannelStatus.Disabled : ChannelStatus.Enabled)}
        data-testid="channel-toggle"
      >
        {enabled ? t('actions.disable') : t('actions.enable')}
      </Button>
      {channel.channel_info?.is_multi_key ? <MultiKeyButton channel={channel} /> : null}
      <Button size="small" onClick={() => onEdit(channel)} data-testid="channel-edit">
        {t('actions.edit')}
      </Button>
      <Popconfirm title={t('messages.copyConfirm', { name: channel.name })} onConfirm={() => copy.mutateAsync(undefined)}>
        <Button size="small" loading={copy.isPending} data-testid="channel-copy">
          {t('actions.copy')}
        </Button>
      </Popconfirm>
      <ModelUpdateButton channel={channel} />
    </Space>
  );
}
