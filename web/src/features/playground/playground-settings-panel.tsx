import { AutoComplete, Card, Flex, Form, Input, InputNumber, Select, Slider, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePricing } from '../../api/resources/pricing';
import { formatUsd } from '../../lib/format';
import { priceOfItem } from '../pricing/pricing-display';
import { useUsableModels } from '../../api/resources/self';
import { DEFAULT_PLAYGROUND_MODEL, useUsableGroups } from '../token/usable-options';
import { TEMPERATURE_RANGE, type PlaygroundSettings } from './playground-conversation';

interface PlaygroundSettingsPanelProps {
  settings: PlaygroundSettings;
  onChange: (patch: Partial<PlaygroundSettings>) => void;
}

/** A model's price in the chosen group, as the model list shows it ('' when the price is unknown). */
function usePriceText(group: string, t: TFunction): (model: string) => string {
  const pricing = usePricing();
  return useMemo(() => {
    const items = new Map((pricing.data?.data ?? []).map((item) => [item.model_name, item]));
    const groupRatio = pricing.data?.group_ratio[group] ?? 1;
    return (model: string) => {
      const item = items.get(model);
      if (!item) return '';
      const price = priceOfItem(item, groupRatio);
      if (price.kind === 'tokens')
        return t('settings.priceTokens', { prompt: formatUsd(price.prompt), completion: formatUsd(price.completion) });
      if (price.kind === 'call') return t('settings.priceCall', { price: formatUsd(price.perCall) });
      return '';
    };
  }, [pricing.data, group, t]);
}

/** Group, model (searchable, with its price), temperature, max tokens and system prompt (spec 001 Playground, §5, §9). */
export function PlaygroundSettingsPanel({ settings, onChange }: PlaygroundSettingsPanelProps) {
  const { t } = useTranslation('playground');
  const { groups, loading: groupsLoading } = useUsableGroups();
  const { models } = useUsableModels();
  const modelNames = models.length > 0 ? models : [DEFAULT_PLAYGROUND_MODEL];
  // The list narrows only to what the user types; the chosen (or prefilled) model leaves it whole.
  const [search, setSearch] = useState('');
  const typed = search.trim().toLowerCase();
  const priceOf = usePriceText(settings.group, t);
  const modelOptions = modelNames
    .filter((model) => typed === '' || model.toLowerCase().includes(typed))
    .map((model) => ({
      value: model,
      label: (
        <Flex justify="space-between" gap={8}>
          <span className="model-option-name">{model}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
            {priceOf(model)}
          </Typography.Text>
        </Flex>
      ),
    }));
  const chosenPrice = priceOf(settings.model.trim());

  return (
    <Card variant="borderless" title={t('settings.title')} style={{ width: '100%' }}>
      <Form layout="vertical">
        <Form.Item label={t('settings.group')}>
          <Select
            value={settings.group}
            onChange={(group: string) => onChange({ group })}
            loading={groupsLoading}
            options={groups.map((group) => ({
              value: group.name,
              label: group.description ? `${group.name} (${group.description})` : group.name,
            }))}
            data-testid="playground-group"
          />
        </Form.Item>
        <Form.Item
          label={t('settings.model')}
          extra={chosenPrice ? <span data-testid="playground-model-price">{chosenPrice}</span> : undefined}
        >
          <AutoComplete
            value={settings.model}
            options={modelOptions}
            onChange={(model: string) => onChange({ model })}
            onSearch={setSearch}
            onSelect={() => setSearch('')}
            onBlur={() => setSearch('')}
            placeholder={t('settings.modelSearch')}
            popupMatchSelectWidth={320}
            allowClear
            data-testid="playground-model"
          />
        </Form.Item>
        <Form.Item label={t('settings.temperature', { value: settings.temperature.toFixed(1) })}>
          <Slider
            min={TEMPERATURE_RANGE.min}
            max={TEMPERATURE_RANGE.max}
            step={TEMPERATURE_RANGE.step}
            value={settings.temperature}
            onChange={(temperature: number) => onChange({ temperature })}
            data-testid="playground-temperature"
          />
        </Form.Item>
        <Form.Item label={t('settings.maxTokens')} extra={t('settings.maxTokensHint')}>
          <InputNumber
            min={1}
            step={1}
            precision={0}
            value={settings.maxTokens}
            onChange={(maxTokens) =>
              onChange({ maxTokens: typeof maxTokens === 'number' ? Math.trunc(maxTokens) : null })
            }
            style={{ width: '100%' }}
            data-testid="playground-max-tokens"
          />
        </Form.Item>
        <Form.Item label={t('settings.systemPrompt')}>
          <Input.TextArea
            value={settings.systemPrompt}
            onChange={(event) => onChange({ systemPrompt: event.target.value })}
            autoSize={{ minRows: 3, maxRows: 10 }}
            data-testid="playground-system-prompt"
          />
        </Form.Item>
      </Form>
    </Card>
  );
}
