import { claudeCliRule, codexCliRule, type AffinityRule, type OptionKey } from '@switchboard/contract';
import {
  Button,
  Card,
  Flex,
  Input,
  InputNumber,
  Popconfirm,
  Segmented,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/feedback';
import type { OptionValues } from '../../../api/resources/options';
import { useSaveOptions } from '../use-save-options';
import { AffinityCacheDialog } from './affinity-cache-dialog';
import { AffinityRuleEditor } from './affinity-rule-editor';
import { rulesOf, rulesProblemText, sourceLabel, uniqueName } from './affinity-rules';

const KEY = {
  enabled: 'channel_affinity_setting.enabled',
  switchOnSuccess: 'channel_affinity_setting.switch_on_success',
  keepOnDisabled: 'channel_affinity_setting.keep_on_channel_disabled',
  maxEntries: 'channel_affinity_setting.max_entries',
  ttl: 'channel_affinity_setting.default_ttl_seconds',
  rules: 'channel_affinity_setting.rules',
} as const satisfies Record<string, OptionKey>;

interface Draft {
  enabled: boolean;
  switchOnSuccess: boolean;
  keepOnDisabled: boolean;
  maxEntries: number | null;
  ttl: number | null;
  rules: AffinityRule[];
}

const draftOf = (options: OptionValues): Draft => ({
  enabled: options[KEY.enabled] === 'true',
  switchOnSuccess: options[KEY.switchOnSuccess] === 'true',
  keepOnDisabled: options[KEY.keepOnDisabled] === 'true',
  maxEntries: Number(options[KEY.maxEntries] ?? 100000),
  ttl: Number(options[KEY.ttl] ?? 3600),
  rules: rulesOf(options[KEY.rules]),
});

/**
 * Settings → Channel affinity (issue 37): the switches and sizes, the rules (a visual list with an
 * editor, or their JSON), the Codex CLI and Claude Code templates, and the cache statistics.
 * Nothing is stored until Save, which sends only what changed.
 */
export function ChannelAffinitySection({ options }: { options: OptionValues }) {
  const { t } = useTranslation('affinity');
  const { save, saving } = useSaveOptions();
  const [draft, setDraft] = useState<Draft>(() => draftOf(options));
  const [view, setView] = useState<'visual' | 'json'>('visual');
  const [jsonText, setJsonText] = useState('');
  const [editing, setEditing] = useState<{ rule: AffinityRule | null; index: number } | null>(null);
  const [statsOpen, setStatsOpen] = useState(false);
  // A save reloads the options: the draft then shows what the server holds (only when this section's values changed).
  const stored = JSON.stringify(Object.values(KEY).map((key) => options[key] ?? ''));
  const [shown, setShown] = useState(stored);
  if (stored !== shown) {
    setShown(stored);
    setDraft(draftOf(options));
  }

  const change = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));

  /** The list with `rule` at `index` (-1: added at the end), if the server's rules allow it. */
  const putRule = (rule: AffinityRule, index: number): string | null => {
    const rules = index < 0 ? [...draft.rules, rule] : draft.rules.map((each, at) => (at === index ? rule : each));
    const problem = rulesProblemText(t, rules);
    if (!problem) change({ rules });
    return problem;
  };

  const fillTemplate = (rule: AffinityRule) => {
    const taken = new Set(draft.rules.map((each) => each.name));
    change({ rules: [...draft.rules, { ...rule, name: uniqueName(taken, rule.name) }] });
  };

  const switchView = (next: 'visual' | 'json') => {
    if (next === 'json') setJsonText(JSON.stringify(draft.rules, null, 2));
    else if (!applyJson()) return;
    setView(next);
  };

  /** Takes the JSON text as the rules; false (and a message) when it does not fit. */
  const applyJson = (): boolean => {
    let rules: unknown;
    try {
      rules = JSON.parse(jsonText);
    } catch {
      toast.error(t('validation.notJson'));
      return false;
    }
    const problem = rulesProblemText(t, rules);
    if (problem) {
      toast.error(problem);
      return false;
    }
    change({ rules: rules as AffinityRule[] });
    return true;
  };

  const submit = async () => {
    if (view === 'json' && !applyJson()) return;
    const rules = view === 'json' ? (JSON.parse(jsonText) as AffinityRule[]) : draft.rules;
    if (draft.maxEntries === null || draft.ttl === null || draft.maxEntries < 1 || draft.ttl < 1) {
      toast.error(t('validation.sizes'));
      return;
    }
    const after: OptionValues = {
      ...options,
      [KEY.enabled]: String(draft.enabled),
      [KEY.switchOnSuccess]: String(draft.switchOnSuccess),
      [KEY.keepOnDisabled]: String(draft.keepOnDisabled),
      [KEY.maxEntries]: String(draft.maxEntries),
      [KEY.ttl]: String(draft.ttl),
      // Unchanged rules keep their stored text, so that a save of the switches does not resend them.
      [KEY.rules]:
        JSON.stringify(rules) === JSON.stringify(rulesOf(options[KEY.rules]))
          ? (options[KEY.rules] ?? '[]')
          : JSON.stringify(rules),
    };
    await save(options, after);
  };

  const toggle = (key: 'enabled' | 'switchOnSuccess' | 'keepOnDisabled') => (
    <Space size={6}>
      <Switch checked={draft[key]} onChange={(value) => change({ [key]: value })} data-testid={`affinity-${key}`} />
      {t(`settings.${key}`)}
    </Space>
  );

  const size = (key: 'maxEntries' | 'ttl', testId: string) => (
    <Space size={6}>
      {t(`settings.${key}`)}
      <InputNumber
        min={1}
        precision={0}
        value={draft[key]}
        onChange={(value) => change({ [key]: value })}
        data-testid={testId}
      />
    </Space>
  );

  return (
    <Card
      title={t('title')}
      data-testid="section-channelAffinity"
      extra={
        <Button onClick={() => setStatsOpen(true)} data-testid="affinity-cache-stats">
          {t('cache.open')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('description')}</Typography.Paragraph>
      <Flex vertical gap={16}>
        <Space size={24} wrap>
          {toggle('enabled')}
          {toggle('switchOnSuccess')}
          {toggle('keepOnDisabled')}
        </Space>
        <Space size={24} wrap>
          {size('maxEntries', 'affinity-max-entries')}
          {size('ttl', 'affinity-ttl')}
        </Space>
        <Flex justify="space-between" wrap gap={8}>
          <Segmented<'visual' | 'json'>
            value={view}
            onChange={switchView}
            options={[
              { value: 'visual', label: t('rules.visual') },
              { value: 'json', label: t('rules.json') },
            ]}
            data-testid="affinity-view"
          />
          {view === 'visual' ? (
            <Space wrap>
              <Button onClick={() => fillTemplate(codexCliRule())} data-testid="affinity-fill-codex">
                {t('rules.fillCodex')}
              </Button>
              <Button onClick={() => fillTemplate(claudeCliRule())} data-testid="affinity-fill-claude">
                {t('rules.fillClaude')}
              </Button>
              <Button
                type="dashed"
                onClick={() => setEditing({ rule: null, index: -1 })}
                data-testid="affinity-rule-add"
              >
                {t('rules.add')}
              </Button>
            </Space>
          ) : null}
        </Flex>
        {view === 'visual' ? (
          <Table<AffinityRule>
            rowKey="name"
            size="small"
            pagination={false}
            dataSource={draft.rules}
            data-testid="affinity-rules"
            columns={[
              { title: t('rule.name'), dataIndex: 'name' },
              { title: t('rule.models'), dataIndex: 'model_regex', render: (list: string[]) => list.join(', ') },
              {
                title: t('rule.paths'),
                dataIndex: 'path_regex',
                render: (list: string[] = []) => list.join(', ') || '-',
              },
              {
                title: t('rule.sources'),
                dataIndex: 'key_sources',
                render: (sources: AffinityRule['key_sources']) => sources.map(sourceLabel).join(' → '),
              },
              {
                title: t('rules.flags'),
                key: 'flags',
                render: (_, rule) => (
                  <Space size={2} wrap>
                    {rule.skip_retry_on_failure ? <Tag>{t('rule.skipRetry')}</Tag> : null}
                    {rule.include_rule_name ? <Tag>{t('rule.includeRule')}</Tag> : null}
                    {rule.include_using_group ? <Tag>{t('rule.includeGroup')}</Tag> : null}
                    {rule.include_model_name ? <Tag>{t('rule.includeModel')}</Tag> : null}
                  </Space>
                ),
              },
              {
                title: t('rules.actions'),
                key: 'actions',
                width: 150,
                render: (_, rule, index) => (
                  <Space size={4}>
                    <Button
                      size="small"
                      onClick={() => setEditing({ rule, index })}
                      data-testid={`affinity-rule-edit-${index}`}
                    >
                      {t('rules.edit')}
                    </Button>
                    <Popconfirm
                      title={t('rules.deleteConfirm', { name: rule.name })}
                      onConfirm={() => change({ rules: draft.rules.filter((_, at) => at !== index) })}
                    >
                      <Button size="small" danger data-testid={`affinity-rule-delete-${index}`}>
                        {t('rules.delete')}
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        ) : (
          <Input.TextArea
            autoSize={{ minRows: 8, maxRows: 30 }}
            style={{ fontFamily: 'monospace' }}
            value={jsonText}
            onChange={(event) => setJsonText(event.target.value)}
            data-testid="affinity-rules-json"
          />
        )}
        <div>
          <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="save-channelAffinity">
            {t('save')}
          </Button>
        </div>
      </Flex>
      <AffinityRuleEditor
        editing={editing}
        onSave={(rule) => putRule(rule, editing?.index ?? -1)}
        onClose={() => setEditing(null)}
      />
      <AffinityCacheDialog open={statsOpen} onClose={() => setStatsOpen(false)} />
    </Card>
  );
}
