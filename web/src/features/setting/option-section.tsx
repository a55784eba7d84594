import { optionCatalogue, optionValueProblem, type OptionKey } from '@switchboard/contract';
import { Button, Card, Col, Form, Input, InputNumber, Row, Select, Switch, Typography } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/feedback';
import { formValuesOf, optionProblemText, storedValuesOf, type OptionField } from './option-fields';
import type { OptionValues } from '../../api/resources/options';
import { useSaveOptions } from './use-save-options';

export interface OptionSectionProps {
  /** i18n key under `sections.` of the setting namespace; also names the test id. */
  name: string;
  fields: OptionField[];
  options: OptionValues;
  /** A rule across fields; returns the message to show, or null when the values may be saved. */
  check?: (after: OptionValues) => string | null;
  /** Asks before saving (e.g. turning off password login); false cancels. */
  confirm?: (before: OptionValues, after: OptionValues) => Promise<boolean>;
  /** What the section does, shown above its fields. */
  description?: ReactNode;
  children?: ReactNode;
}

/** The editor of one field; Form.Item hands it `value`/`checked` and `onChange`, passed on to the control. */
function FieldEditor({ field, ...control }: { field: OptionField } & Record<string, unknown>) {
  const { t } = useTranslation('setting');
  const definition: { choices?: readonly string[] } = optionCatalogue[field.key];
  switch (field.kind) {
    case 'switch':
      return <Switch {...control} />;
    case 'number':
      // No min, max or precision: InputNumber would quietly turn a typed -1 into 0; the field's rule says what is wrong instead.
      return <InputNumber style={{ width: '100%' }} {...control} />;
    case 'secret':
      return <Input.Password placeholder={t('secretPlaceholder')} autoComplete="new-password" {...control} />;
    case 'textarea':
      return <Input.TextArea autoSize={{ minRows: 3, maxRows: 16 }} {...control} />;
    case 'json':
      return <Input.TextArea autoSize={{ minRows: 4, maxRows: 20 }} style={{ fontFamily: 'monospace' }} {...control} />;
    case 'select':
      return (
        <Select
          options={(definition.choices ?? []).map((value) => ({ value, label: t(`choices.${value}`) }))}
          {...control}
        />
      );
    default:
      return <Input {...control} />;
  }
}

/** Long texts take a whole row of the grid, switches a narrow cell, everything else half a row on a laptop. */
function gridOf(field: OptionField) {
  if (field.kind === 'textarea' || field.kind === 'json') return { xs: 24 };
  if (field.kind === 'switch') return { xs: 24, sm: 12, xl: 8 };
  return { xs: 24, md: 12 };
}

/** The element id of a section, for the settings' anchored menu. */
export const sectionAnchorId = (name: string) => `settings-${name}`;

/**
 * One card of a settings tab: its option fields in a grid and a save bar that stays in view while the
 * card is on screen; the save stores only what changed.
 */
export function OptionSection({ name, fields, options, check, confirm, description, children }: OptionSectionProps) {
  const { t } = useTranslation('setting');
  const [form] = Form.useForm();
  const { save, saving } = useSaveOptions();

  // A save reloads the options; the fields then show what the server holds. Only this section's own stored
  // values count: another section's save must not throw away what is typed here and not yet saved.
  const ownStored = JSON.stringify(fields.map(({ key }) => options[key] ?? ''));
  useEffect(() => {
    const stored = JSON.parse(ownStored) as string[];
    form.setFieldsValue(formValuesOf(fields, Object.fromEntries(fields.map(({ key }, index) => [key, stored[index]]))));
  }, [form, fields, ownStored]);

  const submit = async () => {
    let values: Record<string, string | number | boolean | null>;
    try {
      values = await form.validateFields();
    } catch {
      toast.error(t('validation.checkInput'));
      return;
    }
    const after = storedValuesOf(fields, values, options);
    const problem = check?.(after) ?? null;
    if (problem) {
      toast.error(problem);
      return;
    }
    if (confirm && !(await confirm(options, after))) return;
    await save(options, after);
  };

  /** JSON and number fields are checked by the rules the server applies, before anything is sent; an untouched value is not sent. */
  const valueRule = (key: OptionKey) => ({
    validator: async (_rule: unknown, value: string | number | null | undefined) => {
      const text = value === null || value === undefined ? '' : String(value);
      if (text === (options[key] ?? '')) return;
      const problem = optionValueProblem(key, text);
      if (problem) throw new Error(optionProblemText(t, problem));
    },
  });

  return (
    <Card
      title={t(`sections.${name}`)}
      id={sectionAnchorId(name)}
      className="settings-section"
      data-testid={`section-${name}`}
    >
      {description ? <Typography.Paragraph type="secondary">{description}</Typography.Paragraph> : null}
      <Form form={form} layout="vertical" initialValues={formValuesOf(fields, options)}>
        <Row gutter={[24, 0]} align="bottom">
          {fields.map((field) => (
            <Col key={field.key} {...gridOf(field)}>
              <Form.Item
                name={field.key}
                label={t(`options.${field.key}`)}
                valuePropName={field.kind === 'switch' ? 'checked' : 'value'}
                rules={field.kind === 'json' || field.kind === 'number' ? [valueRule(field.key)] : []}
                data-testid={`option-${field.key}`}
              >
                <FieldEditor field={field} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <div className="sticky-save-bar">
          <Button type="primary" loading={saving} onClick={() => void submit()} data-testid={`save-${name}`}>
            {t('save.button')}
          </Button>
        </div>
      </Form>
      {children}
    </Card>
  );
}
