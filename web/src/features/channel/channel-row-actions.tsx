import { ChannelStatus, type ChannelView } from '@switchboard/contract';
import { Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { toast } from '../../components/feedback';
import { deleteAction, RowActions, toggleAction } from '../../components/row-actions';
import { copyChannel, deleteChannel, updateChannel } from '../../api/resources/channel';
import { ChannelTestButton } from './channel-test-button';
import { ModelUpdateDialog } from './model-update-dialog';
import { useChannelMutation } from './use-channel-mutation';
import { MultiKeyButton } from './multi-key-button';

const TOGGLED = { on: ChannelStatus.Enabled, off: ChannelStatus.Disabled };

interface ChannelRowActionsProps {
  channel: ChannelView;
  onEdit: (channel: ChannelView) => void;
}

/**
 * Test (optionally one chosen model) as the main action, and a multi-key channel's keys; edit, enable or
 * disable, model updates, copy and delete under "more" (spec 001 Channel list).
 */
export function ChannelRowActions({ channel, onEdit }: ChannelRowActionsProps) {
  const { t } = useTranslation(['channel', 'model-update']);
  const remove = useChannelMutation(
    () => deleteChannel(channel.id),
    () => t('messages.deleted'),
  );
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
  const [dialog, setDialog] = useState<'model-updates' | null>(null);

  return (
    <>
      <RowActions
        main={
          <Space size={4}>
            <ChannelTestButton channel={channel} />
            {channel.channel_info?.is_multi_key ? <MultiKeyButton channel={channel} /> : null}
          </Space>
        }
        testId="channel-more"
        more={[
          { key: 'edit', label: t('actions.edit'), onClick: () => onEdit(channel), testId: 'channel-edit' },
          toggleAction(t, { on: enabled, statuses: TOGGLED, mutation: toggle, testId: 'channel-toggle' }),
          {
            key: 'model-updates',
            label: t('model-update:button'),
            onClick: () => setDialog('model-updates'),
            testId: 'channel-model-updates',
          },
          {
            key: 'copy',
            label: t('actions.copy'),
            confirm: { title: t('messages.copyConfirm', { name: channel.name }) },
            onClick: () => copy.mutateAsync(undefined),
            testId: 'channel-copy',
          },
          deleteAction(t, {
            name: channel.name,
            remove: () => remove.mutateAsync(undefined),
            testId: 'channel-delete',
          }),
        ]}
      />
      {dialog === 'model-updates' ? <ModelUpdateDialog channel={channel} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
