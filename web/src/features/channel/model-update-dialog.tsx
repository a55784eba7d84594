import type { ChannelView } from '@switchboard/contract';
import { Button, Checkbox, Empty, Flex, Modal, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateChannel } from '../../api/resources/channel';
import { applyModelUpdates, detectModelUpdates } from '../../api/resources/channel';
import { pendingOf, withUpdateSwitch } from './model-update-settings';
import { useChannelMutation } from './use-channel-mutation';
import { formatTime } from '../../lib/format';
import { MutationButton } from '../../components/mutation-button';

interface Pending {
  add: string[];
  remove: string[];
  checkedAt: number;
}

function ModelChoices(props: {
  title: string;
  models: string[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
  testId: string;
}) {
  return (
    <div data-testid={props.testId}>
      <Typography.Text strong>
        {props.title} ({props.models.length})
      </Typography.Text>
      <Checkbox.Group
        style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 8 }}
        options={props.models.map((model) => ({ label: model, value: model }))}
        value={props.chosen}
        onChange={(values) => props.onChange(values.map(String))}
      />
    </div>
  );
}

/**
 * The channel row's "model updates" dialog (opened from the row's menu, mounted while open): check the
 * upstream list now, add, remove or ignore what changed.
 */
export function ModelUpdateDialog({ channel, onClose }: { channel: ChannelView; onClose: () => void }) {
  const { t } = useTranslation('model-update');
  const stored = pendingOf(channel.setting);
  const [pending, setPending] = useState<Pending>(stored);
  const [chosenAdd, setChosenAdd] = useState<string[]>(stored.add);
  const [chosenRemove, setChosenRemove] = useState<string[]>([]);

  const show = (next: Pending) => {
    setPending(next);
    setChosenAdd(next.add);
    setChosenRemove([]);
  };
  const detect = useChannelMutation(
    () => detectModelUpdates(channel.id),
    (result) => {
      show({ add: result.add_models, remove: result.remove_models, checkedAt: result.last_check_time });
      return t('messages.detected', { add: result.add_models.length, remove: result.remove_models.length });
    },
  );
  const apply = useChannelMutation(
    (choice: { add: string[]; remove: string[]; ignore: string[] }) =>
      applyModelUpdates({
        id: channel.id,
        add_models: choice.add,
        remove_models: choice.remove,
        ignore_models: choice.ignore,
      }),
    (result) => {
      show({ add: result.remaining_models, remove: result.remaining_remove_models, checkedAt: pending.checkedAt });
      return t('messages.applied', {
        added: result.added_models.length,
        removed: result.removed_models.length,
        ignored: result.ignored_models.length,
      });
    },
  );
  const toggle = useChannelMutation(
    (change: {
      field: 'upstream_model_update_check_enabled' | 'upstream_model_update_auto_sync_enabled';
      on: boolean;
    }) => updateChannel({ id: channel.id, setting: withUpdateSwitch(channel.setting, change.field, change.on) }),
    () => t('messages.saved'),
  );

  const nothingPending = pending.add.length === 0 && pending.remove.length === 0;

  const switches = [
    {
      field: 'upstream_model_update_check_enabled',
      on: stored.checkEnabled,
      label: t('switches.check'),
      testId: 'model-update-check-enabled',
    },
    {
      field: 'upstream_model_update_auto_sync_enabled',
      on: stored.autoSync,
      label: t('switches.autoSync'),
      testId: 'model-update-auto-sync',
    },
  ] as const;
  const lists = [
    {
      title: t('lists.add'),
      models: pending.add,
      chosen: chosenAdd,
      onChange: setChosenAdd,
      testId: 'model-update-add-list',
    },
    {
      title: t('lists.remove'),
      models: pending.remove,
      chosen: chosenRemove,
      onChange: setChosenRemove,
      testId: 'model-update-remove-list',
    },
  ];

  return (
    <>
      <Modal
        open
        title={t('title', { name: channel.name })}
        onCancel={onClose}
        width={640}
        destroyOnHidden
        footer={
          <Space wrap>
            <Button
              onClick={() => apply.mutate({ add: [], remove: [], ignore: chosenAdd })}
              disabled={chosenAdd.length === 0}
              loading={apply.isPending}
              data-testid="model-update-ignore"
            >
              {t('actions.ignore')}
            </Button>
            <Button
              type="primary"
              onClick={() => apply.mutate({ add: chosenAdd, remove: chosenRemove, ignore: [] })}
              disabled={chosenAdd.length === 0 && chosenRemove.length === 0}
              loading={apply.isPending}
              data-testid="model-update-apply"
            >
              {t('actions.apply')}
            </Button>
          </Space>
        }
      >
        <Flex vertical gap={16} data-testid="model-update-dialog">
          <Flex gap={16} wrap>
            {switches.map(({ field, on, label, testId }) => (
              <Space size={6} key={field}>
                <Switch
                  size="small"
                  defaultChecked={on}
                  onChange={(next) => toggle.mutate({ field, on: next })}
                  data-testid={testId}
                />
                <Typography.Text>{label}</Typography.Text>
              </Space>
            ))}
          </Flex>
          <Flex gap={12} align="center" wrap>
            <MutationButton mutation={detect} data-testid="model-update-detect">
              {t('actions.detect')}
            </MutationButton>
            <Typography.Text type="secondary">
              {pending.checkedAt > 0 ? t('lastCheck', { time: formatTime(pending.checkedAt) }) : t('neverChecked')}
            </Typography.Text>
          </Flex>
          {nothingPending ? (
            <Empty description={t('nothingPending')} />
          ) : (
            lists.map((list) =>
              list.models.length > 0 ? (
                <ModelChoices
                  key={list.testId}
                  title={list.title}
                  models={list.models}
                  chosen={list.chosen}
                  onChange={list.onChange}
                  testId={list.testId}
                />
              ) : null,
            )
          )}
        </Flex>
      </Modal>
    </>
  );
}
