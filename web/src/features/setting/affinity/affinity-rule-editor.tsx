import {
  affinityKeySourceTypes,
  type AffinityKeySource,
  type AffinityKeySourceType,
  type AffinityRule,
} from '@switchboard/contract';
import { Button, Form, Input, InputNumber, Modal, Select, Space, Switch } from 'antd';
import { useEffect, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/feedback';
import { linesOf } from './affinity-rules';

interface RuleForm {
  name: string;
  models: string;
  paths: string;
  userAgents: string;
  sources: AffinityKeySource[];
  valueRegex: string;
  ttl: number | null;
  template: string;
  skipRetry: boolean;
  includeGroup: boolean;
  includeModel: boolean;
  includeRule: boolean;
}

const formOf = (rule: AffinityRule | null): RuleForm => ({
  name: rule?.name ?? '',
  models: (rule?.model_regex ?? []).join('\n'),
  paths: (rule?.path_regex ?? []).join('\n'),
  userAgents: (rule?.user_agent_include ?? []).join('\n'),
  sources: rule?.key_sources.map((source) => ({ ...source })) ?? [{ type: 'gjson', path: '' }],
  valueRegex: rule?.value_regex ?? '',
  ttl: rule?.ttl_seconds ?? 0,
  template: rule?.param_override_template ? JSON.stringify(rule.param_override_template, null, 2) : '',
  skipRetry: rule?.skip_retry_on_failure ?? false,
  includeGroup: rule?.include_using_group ?? true,
  includeModel: rule?.include_model_name ?? false,
  includeRule: rule?.include_rule_name ?? true,
});

/** The rule the form describes, or the name of the first field that cannot be read. */
function ruleOf(form: RuleForm): AffinityRule | 'template' {
  let template: Record<string, unknown> | null = null;
  if (form.template.trim()) {
    try {
      const parsed: unknown = JSON.parse(form.template);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return 'template';
      template = parsed as Record<string, unknown>;
    } catch {
      return 'template';
    }
  }
  return {
    name: form.name.trim(),
    model_regex: linesOf(form.models),
    path_regex: linesOf(form.paths),
    user_agent_include: linesOf(form.userAgents),
    key_sources: form.sources.map((source) =>
      source.type === 'gjson'
        ? { type: source.type, path: (source.path ?? '').trim() }
        : { type: source.type, key: (source.key ?? '').trim() },
    ),
    value_regex: form.valueRegex.trim(),
    ttl_seconds: form.ttl ?? 0,
    param_override_template: template,
    skip_retry_on_failure: form.skipRetry,
    include_using_group: form.includeGroup,
    include_model_name: form.includeModel,
    include_rule_name: form.includeRule,
  };
}

interface AffinityRuleEditorProps {
  /** null closes; `rule: null` adds one */
  editing: { rule: AffinityRule | null } | null;
  /** Checks the whole list with the rule in it; answers the problem to show, or null when saved. */
  onSave: (rule: AffinityRule) => string | null;
  onClose: () => void;
}

/** The visual editor of one affinity rule: conditions, key sources (in order), value filter, TTL, template and flags. */
export function AffinityRuleEditor({ editing, onSave, onClose }: AffinityRuleEditorProps) {
  const { t } = useTranslation('affinity');
  const [form, setForm] = useState<RuleForm>(formOf(null));
  useEffect(() => {
    if (editing) setForm(formOf(editing.rule));
  }, [editing]);
  const change = (patch: Partial<RuleForm>) => setForm((current) => ({ ...current, ...patch }));
  const changeSource = (index: number, patch: Partial<AffinityKeySource>) =>
    change({ sources: form.sources.map((source, at) => (at === index ? { ...source, ...patch } : source)) });

  const submit = () => {
    const rule = ruleOf(form);
    if (rule === 'template') {
      toast.error(t('validation.template'));
      return;
    }
    const problem = onSave(rule);
    if (problem) toast.error(problem);
    else onClose();
  };

  /** The value, change handler and test id of a text field. */
  const bind = (key: 'name' | 'models' | 'paths' | 'userAgents' | 'valueRegex' | 'template', testId: string) => ({
    value: form[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => change({ [key]: event.target.value }),
    'data-testid': testId,
  });

  const flag = (key: 'skipRetry' | 'includeGroup' | 'includeModel' | 'includeRule', testId: string) => (
    <Space size={6}>
      <Switch size="small" checked={form[key]} onChange={(value) => change({ [key]: value })} data-testid={testId} />
      {t(`rule.${key}`)}
    </Space>
  );

  return (
    <Modal
      open={editing !== null}
      title={editing?.rule ? t('rule.editTitle', { name: editing.rule.name }) : t('rule.addTitle')}
      onCancel={onClose}
      onOk={submit}
      okButtonProps={{ 'data-testid': 'affinity-rule-submit' } as Record<string, string>}
      width={720}
      destroyOnHidden
    >
      <Form layout="vertical" data-testid="affinity-rule-editor">
        <Form.Item label={t('rule.name')} required>
          <Input maxLength={64} {...bind('name', 'affinity-rule-name')} />
        </Form.Item>
        <Space size={16} style={{ display: 'flex' }} align="start">
          <Form.Item label={t('rule.models')} extra={t('rule.linesHint')} required>
            <Input.TextArea
              autoSize={{ minRows: 2, maxRows: 6 }}
              placeholder="^claude-.*$"
              {...bind('models', 'affinity-rule-models')}
            />
          </Form.Item>
          <Form.Item label={t('rule.paths')} extra={t('rule.pathsHint')}>
            <Input.TextArea
              autoSize={{ minRows: 2, maxRows: 6 }}
              placeholder="/v1/messages"
              {...bind('paths', 'affinity-rule-paths')}
            />
          </Form.Item>
        </Space>
        <Form.Item label={t('rule.userAgents')} extra={t('rule.userAgentsHint')}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} {...bind('userAgents', 'affinity-rule-user-agents')} />
        </Form.Item>
        <Form.Item label={t('rule.sources')} extra={t('rule.sourcesHint')} required>
          <Space direction="vertical" style={{ width: '100%' }}>
            {form.sources.map((source, index) => (
              <Space key={index} wrap>
                <Select<AffinityKeySourceType>
                  style={{ width: 170 }}
                  value={source.type}
                  onChange={(type) => changeSource(index, { type })}
                  options={affinityKeySourceTypes.map((type) => ({ value: type, label: t(`sourceTypes.${type}`) }))}
                  data-testid={`affinity-source-type-${index}`}
                />
                <Input
                  style={{ width: 280 }}
                  value={source.type === 'gjson' ? (source.path ?? '') : (source.key ?? '')}
                  placeholder={
                    source.type === 'gjson'
                      ? 'metadata.user_id'
                      : source.type === 'request_header'
                        ? 'Session_id'
                        : 'user_id'
                  }
                  onChange={(event) =>
                    changeSource(
                      index,
                      source.type === 'gjson' ? { path: event.target.value } : { key: event.target.value },
                    )
                  }
                  data-testid={`affinity-source-value-${index}`}
                />
                <Button
                  size="small"
                  disabled={form.sources.length === 1}
                  onClick={() => change({ sources: form.sources.filter((_, at) => at !== index) })}
                >
                  {t('rule.removeSource')}
                </Button>
              </Space>
            ))}
            <Button
              size="small"
              onClick={() => change({ sources: [...form.sources, { type: 'request_header', key: '' }] })}
              data-testid="affinity-source-add"
            >
              {t('rule.addSource')}
            </Button>
          </Space>
        </Form.Item>
        <Space size={16} wrap>
          <Form.Item label={t('rule.valueRegex')}>
            <Input style={{ width: 280 }} {...bind('valueRegex', 'affinity-rule-value-regex')} />
          </Form.Item>
          <Form.Item label={t('rule.ttl')} extra={t('rule.ttlHint')}>
            <InputNumber
              min={0}
              precision={0}
              value={form.ttl}
              onChange={(ttl) => change({ ttl })}
              data-testid="affinity-rule-ttl"
            />
          </Form.Item>
        </Space>
        <Form.Item label={t('rule.template')} extra={t('rule.templateHint')}>
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 10 }}
            style={{ fontFamily: 'monospace' }}
            {...bind('template', 'affinity-rule-template')}
          />
        </Form.Item>
        <Space size={16} wrap>
          {flag('skipRetry', 'affinity-rule-skip-retry')}
          {flag('includeRule', 'affinity-rule-include-rule')}
          {flag('includeGroup', 'affinity-rule-include-group')}
          {flag('includeModel', 'affinity-rule-include-model')}
        </Space>
      </Form>
    </Modal>
  );
}
