import { Alert, Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
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
  const [values, setValues] = useState<TagEditValues>(tagEditValuesOf(''));
  useEffect(() => {
    if (tag !== null) setValues(tagEditValuesOf(tag));
  }, [tag]);
  const change = (patch: Partial<TagEditValues>) => setValues((current) => ({ ...current, ...patch }));
  const save = useChannelMutation(editTag, () => t('messages.tagUpdated'));

  const submit = async () => {
    if (tag === null) return;
    const request = tagEditRequestOf(tag, values);
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
      <Form layout="vertical">
        <Form.Item label={t('tagEdit.newTag')} extra={t('tagEdit.newTagHint')}>
          <Input value={values.newTag} onChange={(event) => change({ newTag: event.target.value })} data-testid="tag-edit-new-tag" />
        </Form.Item>
        <Form.Item label={t('fields.models')}>
          <Select
            mode="tags"
            value={values.models}
            onChange={(models: string[]) => change({ models })}
            placeholder={t('tagEdit.unchanged')}
            tokenSeparators={[',']}
            data-testid="tag-edit-models"
          />
        </Form.Item>
        <Form.Item label={t('fields.groups')}>
          <Select
            mode="tags"
            value={values.groups}
            onChange={(groups: string[]) => change({ groups })}
            options={groupOptions.map((group) => ({ value: group, label: group }))}
            placeholder={t('tagEdit.unchanged')}
            data-testid="tag-edit-groups"
          />
        </Form.Item>
        <Form.Item label={t('fields.modelMapping')}>
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 8 }}
            value={values.modelMapping}
            onChange={(event) => change({ modelMapping: event.target.value })}
            placeholder={t('tagEdit.unchanged')}
            data-testid="tag-edit-model-mapping"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
