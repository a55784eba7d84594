import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyAllModelUpdates, detectAllModelUpdates } from '../../api/resources/channel';
import { useChannelMutation } from './use-channel-mutation';
import { MutationButton } from '../../components/mutation-button';

/** The channel list's "check all upstream models" and "apply all pending model updates". */
export function ModelUpdateActions() {
  const { t } = useTranslation('model-update');
  const detectAll = useChannelMutation(
    () => detectAllModelUpdates(),
    () => t('messages.detectAllStarted'),
  );
  const applyAll = useChannelMutation(
    () => applyAllModelUpdates(),
    (result) =>
      t('messages.appliedAll', {
        channels: result.processed_channels,
        added: result.added_models,
        removed: result.removed_models,
      }),
  );
  return (
    <Space wrap>
      <MutationButton mutation={detectAll} data-testid="model-update-detect-all">
        {t('actions.detectAll')}
      </MutationButton>
      <Popconfirm title={t('messages.applyAllConfirm')} onConfirm={() => applyAll.mutateAsync(undefined)}>
        <Button loading={applyAll.isPending} data-testid="model-update-apply-all">
          {t('actions.applyAll')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
