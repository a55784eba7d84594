import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/feedback';
import { PrefillGroupPicker } from '../model-meta/prefill-group-picker';
import {
  CHANNELS_QUERY_KEY,
  fetchAllModels,
  fetchModelsByType,
  fetchUpstreamModels,
} from '../../api/resources/channel';
import { addCustomModels, firstKeyLine, mergeModels, type ChannelFormValues } from './channel-form';
import { WatchChannelFields } from './watch-channel-fields';

interface ChannelModelsFieldProps {
  /** The stored channel being edited; its key is used when the key field is left empty. */
  channelId: number | null;
}

/** Models with fill related, fill all, fetch from upstream and clear, plus a custom-model input. */
export function ChannelModelsField({ channelId }: ChannelModelsFieldProps) {
  const { t } = useTranslation('channel');
  const form = Form.useFormInstance<ChannelFormValues>();
  const models = () => form.getFieldValue('models') as string[];
  const type = () => form.getFieldValue('type') as number;
  const onChange = (next: string[]) => form.setFieldValue('models', next);
  const [custom, setCustom] = useState('');
  const [busy, setBusy] = useState<'all' | 'upstream' | null>(null);
  const related = useQuery({
    queryKey: [...CHANNELS_QUERY_KEY, 'models-by-type'],
    queryFn: fetchModelsByType,
    staleTime: Infinity,
  });

  const relatedModels = (channelType: number) => related.data?.[String(channelType)] ?? [];
  const fillRelated = () => onChange(mergeModels(models(), relatedModels(type())));
  const fillAll = async () => {
    setBusy('all');
    try {
      onChange(mergeModels(models(), await fetchAllModels()));
    } finally {
      setBusy(null);
    }
  };
  const fetchFromUpstream = async () => {
    const key = firstKeyLine(form.getFieldValue('key') as string);
    if (!key && channelId === null) {
      toast.error(t('validation.keyRequired'));
      return;
    }
    setBusy('upstream');
    try {
      const source = key
        ? { type: type(), base_url: form.getFieldValue('baseUrl') as string, key }
        : { id: channelId as number };
      onChange(await fetchUpstreamModels(source));
      toast.success(t('messages.modelsFetched'));
    } catch {
      // the HTTP client showed "model list fetch failed" with the upstream's reason
    } finally {
      setBusy(null);
    }
  };
  const addCustom = () => {
    const added = addCustomModels(models(), custom);
    if (added.duplicates.length > 0)
      toast.warning(t('validation.modelsExist', { models: added.duplicates.join(', ') }));
    onChange(added.models);
    setCustom('');
  };

  return (
    <Form.Item label={t('fields.models')} required>
      <Flex vertical gap={8}>
        <WatchChannelFields names={['type', 'models']}>
          {(values) => (
            <Form.Item<ChannelFormValues>
              name="models"
              noStyle
              normalize={(picked: string[]) => mergeModels([], picked)}
            >
              <Select
                mode="tags"
                options={mergeModels(values.models, relatedModels(values.type)).map((model) => ({
                  value: model,
                  label: model,
                }))}
                tokenSeparators={[',']}
                placeholder={t('editor.modelsPlaceholder')}
                maxTagCount="responsive"
                data-testid="channel-models"
              />
            </Form.Item>
          )}
        </WatchChannelFields>
        <Space wrap size={6}>
          <Button size="small" type="primary" onClick={fillRelated} data-testid="channel-fill-related">
            {t('editor.fillRelated')}
          </Button>
          <Button size="small" onClick={() => void fillAll()} loading={busy === 'all'} data-testid="channel-fill-all">
            {t('editor.fillAll')}
          </Button>
          <Button
            size="small"
            onClick={() => void fetchFromUpstream()}
            loading={busy === 'upstream'}
            data-testid="channel-fetch-models"
          >
            {t('editor.fetchModels')}
          </Button>
          <Button size="small" danger onClick={() => onChange([])} data-testid="channel-clear-models">
            {t('editor.clearModels')}
          </Button>
          <PrefillGroupPicker type="model" onPick={(items) => onChange(mergeModels(models(), items))} />
        </Space>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            value={custom}
            onChange={(event) => setCustom(event.target.value)}
            onPressEnter={addCustom}
            placeholder={t('editor.customModels')}
            data-testid="channel-custom-models"
          />
          <Button onClick={addCustom} data-testid="channel-custom-models-add">
            {t('editor.addCustom')}
          </Button>
        </Space.Compact>
      </Flex>
    </Form.Item>
  );
}
