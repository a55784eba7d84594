import { Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  nameProblem,
  numberProblem,
  numberProblemText,
  type ModelRatioRow,
  type RatioColumn,
} from './model-ratio-rows';

type PriceMode = 'price' | 'ratio';

/** The fields each mode uses; the other mode's fields are cleared and never checked. */
const MODE_FIELDS = { price: ['price'], ratio: ['ratio', 'completion'] } as const satisfies Record<
  PriceMode,
  readonly RatioColumn[]
>;

interface AddModelDialogProps {
  open: boolean;
  rows: ModelRatioRow[];
  onAdd: (row: ModelRatioRow) => void;
  onClose: () => void;
}

/** Adds a model priced per call (fixed price) or by ratios; a fixed price disables the ratio fields. */
export function AddModelDialog({ open, rows, onAdd, onClose }: AddModelDialogProps) {
  const { t } = useTranslation('setting');
  const [form] = Form.useForm<ModelRatioRow & { mode: PriceMode }>();
  // Read from the form, which the dialog rebuilds on every opening: a mode kept apart would outlive a Cancel.
  const mode: PriceMode = Form.useWatch('mode', form) ?? 'ratio';

  const numberRule = {
    validator: async (_rule: unknown, value: string | undefined) => {
      const problem = numberProblemText(t, numberProblem(value ?? ''), String(form.getFieldValue('name') ?? '').trim());
      if (problem) throw new Error(problem);
    },
  };
  /** The mode's own field (the price, or the model ratio) must be filled: a model with neither is in no table. */
  const filledRule = { required: true, whitespace: true, message: t('ratioEditor.priceOrRatioRequired') };
  const nameRule = {
    validator: async (_rule: unknown, value: string | undefined) => {
      const problem = nameProblem(value ?? '', rows);
      if (problem === 'required') throw new Error(t('ratioEditor.nameRequired'));
      if (problem === 'duplicate') throw new Error(t('ratioEditor.nameExists'));
    },
  };

  const switchMode = (next: PriceMode) => {
    // A value or error typed in the mode just left would otherwise sit in a disabled field and block OK.
    form.resetFields([...MODE_FIELDS[next === 'price' ? 'ratio' : 'price']]);
  };

  const submit = async () => {
    const values = await form.validateFields(['name', ...MODE_FIELDS[mode]]);
    const text = (value: string | undefined) => (value ?? '').trim();
    onAdd({
      name: values.name.trim(),
      price: mode === 'price' ? text(values.price) : '',
      ratio: mode === 'ratio' ? text(values.ratio) : '',
      completion: mode === 'ratio' ? text(values.completion) : '',
    });
    form.resetFields();
  };

  return (
    <Modal
      open={open}
      title={t('ratioEditor.addTitle')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'add-model-ok' } as Record<`data-${string}`, string>}
    >
      <Form form={form} layout="vertical" initialValues={{ mode: 'ratio' }} preserve={false}>
        <Form.Item name="name" label={t('ratioEditor.name')} rules={[nameRule]} required>
          <Input data-testid="add-model-name" />
        </Form.Item>
        <Form.Item name="mode" label={t('ratioEditor.mode')}>
          <Radio.Group onChange={(event) => switchMode(event.target.value as PriceMode)} data-testid="add-model-mode">
            <Radio value="price">{t('ratioEditor.priceMode')}</Radio>
            <Radio value="ratio">{t('ratioEditor.ratioMode')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="price" label={t('ratioEditor.price')} rules={mode === 'price' ? [filledRule, numberRule] : []}>
          <Input disabled={mode !== 'price'} data-testid="add-model-price" />
        </Form.Item>
        <Form.Item name="ratio" label={t('ratioEditor.ratio')} rules={mode === 'ratio' ? [filledRule, numberRule] : []}>
          <Input disabled={mode === 'price'} data-testid="add-model-ratio" />
        </Form.Item>
        <Form.Item name="completion" label={t('ratioEditor.completion')} rules={mode === 'ratio' ? [numberRule] : []}>
          <Input disabled={mode === 'price'} data-testid="add-model-completion" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
