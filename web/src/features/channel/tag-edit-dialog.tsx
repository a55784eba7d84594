import { Alert, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/feedback';
import { editTag } from '../../api/resources/channel';
import { tagEditRequestOf, tagEditValuesOf, type TagEditValues } from './tag-edit-form';
import { useChannelMutation } from './use-channel-mutation';

interface TagEditDialogProps {
  /** The tag being edited; null closes the dialog. */
  tag: string | null;
  groupOptions: string[];
  onClose: () => void;
}

/** New tag name (empty dissolves), models, groups and model redirect for every member of a tag. */
export function TagEditDialog({ tag, groupOptions, onClose }: TagEditDialogProps) {
  const { t } = useTranslation('channel');
  const [form] = Form.useForm<TagEditValues>();
  const save = useChannelMutation(editTag, () => t('messages.tagUpdated'));

  // The form's store outlives the dialog's content, so each opening sets this tag's values.
  useEffect(() => {
    if (tag !== null) form.setFieldsValue(tagEditValuesOf(tag));
  }, [form, tag]);

  const submit = async () => {
    if (tag === null) return;
    const request = tagEditRequestOf(tag, form.getFieldsValue(true) as TagEditValues);
    if (typeof request === 'string') {
      toast.error(t(`validation.${request}`));
      return;
    }
    await save.mutateAsync(request);
    onClose();
  };

  return (
    <Modal
      open={tag !== null}
      title={t('tagEdit.title', { tag: tag ?? '' })}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'tag-edit-submit' } as Record<string, string>}
      destroyOnHidden
    >
      <Alert type="info" showIcon title={t('tagEdit.hint')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" initialValues={tagEditValuesOf(tag ?? '')}>
        <Form.Item name="newTag" label={t('tagEdit.newTag')} extra={t('tagEdit.newTagHint')}>
          <Input data-testid="tag-edit-new-tag" />
        </Form.Item>
        <Form.Item name="models" label={t('fields.models')}>
          <Select
            mode="tags"
            placeholder={t('tagEdit.unchanged')}
            tokenSeparators={[',']}
            data-testid="tag-edit-models"
          />
        </Form.Item>
        <Form.Item name="groups" label={t('fields.groups')}>
          <Select
            mode="tags"
            options={groupOptions.map((group) => ({ value: group, label: group }))}
            placeholder={t('tagEdit.unchanged')}
            data-testid="tag-edit-groups"
          />
        </Form.Item>
        <Form.Item name="modelMapping" label={t('fields.modelMapping')}>
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 8 }}
            placeholder={t('tagEdit.unchanged')}
            data-testid="tag-edit-model-mapping"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
