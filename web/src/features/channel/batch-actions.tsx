import { Button, Input, Modal, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/feedback';
import { deleteChannels, repairAbilities, setTagOnChannels } from '../../api/resources/channel';
import { useChannelMutation } from './use-channel-mutation';
import { MutationButton } from '../../components/mutation-button';

interface BatchActionsProps {
  selectedIds: number[];
  onDone: () => void;
}

/** Batch mode: delete the selected channels, set a tag on them, repair database consistency. */
export function BatchActions({ selectedIds, onDone }: BatchActionsProps) {
  const { t } = useTranslation('channel');
  const [tagDialog, setTagDialog] = useState(false);
  const [tag, setTag] = useState('');
  const remove = useChannelMutation(deleteChannels, (count) => t('messages.batchDeleted', { count }));
  const setTagMutation = useChannelMutation(
    (request: { ids: number[]; tag: string }) => setTagOnChannels(request.ids, request.tag),
    (count) => t('messages.batchTagged', { count }),
  );
  const repair = useChannelMutation(repairAbilities, (count) => t('messages.repaired', { count }));

  const removeSelected = async () => {
    if (selectedIds.length === 0) {
      toast.error(t('validation.selectToDelete'));
      return;
    }
    await remove.mutateAsync(selectedIds);
    onDone();
  };
  const openTagDialog = () => {
    if (selectedIds.length === 0) {
      toast.error(t('validation.selectToTag'));
      return;
    }
    setTag('');
    setTagDialog(true);
  };
  const submitTag = async () => {
    if (!tag.trim()) {
      toast.error(t('validation.tagEmpty'));
      return;
    }
    await setTagMutation.mutateAsync({ ids: selectedIds, tag: tag.trim() });
    setTagDialog(false);
    onDone();
  };

  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Popconfirm
        title={t('messages.batchDeleteConfirm', { count: selectedIds.length })}
        okButtonProps={{ danger: true }}
        onConfirm={removeSelected}
      >
        <Button danger loading={remove.isPending} data-testid="channel-delete-selected">
          {t('actions.deleteSelected', { count: selectedIds.length })}
        </Button>
      </Popconfirm>
      <Button onClick={openTagDialog} data-testid="channel-batch-tag">
        {t('actions.batchTag')}
      </Button>
      <MutationButton mutation={repair} data-testid="channel-repair">
        {t('actions.repair')}
      </MutationButton>
      <Modal
        open={tagDialog}
        title={t('batchTag.title', { count: selectedIds.length })}
        onCancel={() => setTagDialog(false)}
        onOk={() => void submitTag()}
        confirmLoading={setTagMutation.isPending}
        destroyOnHidden
      >
        <Input
          value={tag}
          onChange={(event) => setTag(event.target.value)}
          placeholder={t('batchTag.placeholder')}
          data-testid="channel-batch-tag-input"
        />
      </Modal>
    </Space>
  );
}
