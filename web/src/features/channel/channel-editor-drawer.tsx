import { isRoot } from '@switchboard/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../api/session';
import { FormDrawer } from '../../components/form-drawer';
import { CHANNELS_QUERY_KEY, fetchChannel } from '../../api/resources/channel';
import { ChannelEditorFields } from './channel-editor-fields';
import { channelFormOf, emptyChannelForm, type ChannelFormValues } from './channel-form';
import { useChannelSave } from './use-channel-save';

export interface ChannelEditorDrawerProps {
  open: boolean;
  /** The channel to edit; null adds one. */
  channelId: number | null;
  groupOptions: string[];
  onClose: () => void;
}

/** The channel editor (spec 001 "Channel editor"): a side drawer for adding or editing a channel. */
export function ChannelEditorDrawer({ open, channelId, groupOptions, onClose }: ChannelEditorDrawerProps) {
  const { t } = useTranslation('channel');
  const user = useSessionUser();
  const creating = channelId === null;
  const [form] = Form.useForm<ChannelFormValues>();
  const stored = useQuery({
    queryKey: [...CHANNELS_QUERY_KEY, 'one', channelId],
    queryFn: () => fetchChannel(channelId as number),
    enabled: open && channelId !== null,
    staleTime: 0,
  });
  const { submit, saving } = useChannelSave(channelId, onClose);

  // The form keeps its values between openings: each opening fills every field anew.
  useEffect(() => {
    if (!open) return;
    if (creating) form.setFieldsValue(emptyChannelForm());
    else if (stored.data) form.setFieldsValue(channelFormOf(stored.data));
  }, [open, creating, stored.data, form]);

  // The whole store is submitted (fields a type does not show keep their values, as before a type change);
  // until the form is first shown, the store is empty and the empty form stands in.
  const submitForm = () => submit({ ...emptyChannelForm(), ...(form.getFieldsValue(true) as ChannelFormValues) });

  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      size={720}
      title={creating ? t('add.title') : t('edit.title', { id: channelId })}
      cancelText={t('editor.cancel')}
      submitText={t('editor.submit')}
      submitting={saving}
      onSubmit={submitForm}
      submitTestId="channel-submit"
    >
      {!creating && !stored.data ? (
        <Skeleton active />
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={emptyChannelForm()}
          onFinish={submitForm}
          data-testid="channel-editor"
        >
          <ChannelEditorFields
            channelId={channelId}
            groupOptions={groupOptions}
            canReadKey={Boolean(user && isRoot(user.role))}
          />
        </Form>
      )}
    </FormDrawer>
  );
}
