import { DownOutlined } from '@ant-design/icons';
import { splitCommaList, type ChannelView } from '@switchboard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { toast } from '../../components/feedback';
import { CHANNELS_QUERY_KEY, testChannel } from '../../api/resources/channel';
import { recordTestFailure, recordTestSuccess } from './test-outcomes';
import { MutationButton } from '../../components/mutation-button';

/** Test with the channel's default model, or pick one of its models from the menu. */
export function ChannelTestButton({ channel }: { channel: ChannelView }) {
  const { t } = useTranslation('channel');
  const client = useQueryClient();
  const test = useMutation({
    mutationFn: (model: string | undefined) => testChannel(channel.id, model),
    onSuccess: (message) => {
      recordTestSuccess(channel.id);
      toast.success(message);
    },
    onError: (error) => recordTestFailure(channel.id, isApiError(error) ? error.message : String(error)),
    // A failed test still stored its response time.
    onSettled: () => client.invalidateQueries({ queryKey: CHANNELS_QUERY_KEY }),
  });
  const items = splitCommaList(channel.models).map((model) => ({ key: model, label: model }));
  return (
    <Space.Compact size="small">
      <MutationButton size="small" mutation={test} data-testid="channel-test">
        {t('actions.test')}
      </MutationButton>
      <Dropdown
        trigger={['click']}
        menu={{ items, onClick: ({ key }) => test.mutate(key), style: { maxHeight: 320, overflowY: 'auto' } }}
      >
        <Button
          size="small"
          icon={<DownOutlined />}
          aria-label={t('actions.testModel')}
          data-testid="channel-test-model"
        />
      </Dropdown>
    </Space.Compact>
  );
}
