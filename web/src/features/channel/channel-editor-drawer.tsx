import { isRoot } from '@switchboard/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../api/session';
import { toast } from '../../components/feedback';
import { FormDrawer } from '../../components/form-drawer';
import { CHANNELS_QUERY_KEY, createChannels, fetchChannel, updateChannel } from '../../api/resources/channel';
import { ChannelEditorFields } from './channel-editor-fields';
import { addModeOf, keyEditOf } from './multi-key-fields';
import {
  channelFormOf,
  channelProblemText,
  channelRequestOf,
  checkChannelForm,
  emptyChannelForm,
  type ChannelFormValues,
} from './channel-form';

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
  const client = useQueryClient();
  const user = useSessionUser();
  const creating = channelId === null;
  const [values, setValues] = useState<ChannelFormValues>(emptyChannelForm);
  const stored = useQuery({
    queryKey: [...CHANNELS_QUERY_KEY, 'one', channelId],
    queryFn: () => fetchChannel(channelId as number),
    enabled: open && channelId !== null,
    staleTime: 0,
  });

  useEffect(() => {
    if (!open) return;
    if (creating) setValues(emptyChannelForm());
    else if (stored.data) setValues(channelFormOf(stored.data));
  }, [open, creating, stored.data]);

  const change = (patch: Partial<ChannelFormValues>) => setValues((current) => ({ ...current, ...patch }));

  const save = useMutation({
    mutationFn: async (form: ChannelFormValues) => {
      const request = channelRequestOf(form);
      if (channelId === null) return (await createChannels({ ...request, ...addModeOf(form) })).ids.length;
      await updateChannel({ ...request, id: channelId, ...keyEditOf(form) });
      return 1;
    },
    onSuccess: async (count) => {
      toast.success(creating ? t('messages.created', { count }) : t('messages.updated'));
      await client.invalidateQueries({ queryKey: CHANNELS_QUERY_KEY });
      onClose();
    },
  });

  const submit = () => {
    const problem = checkChannelForm(values, creating);
    if (problem) {
      toast.error(channelProblemText(t, problem));
      return;
    }
    save.mutate(values);
  };

  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      size={720}
      title={creating ? t('add.title') : t('edit.title', { id: channelId })}
      cancelText={t('editor.cancel')}
      submitText={t('editor.submit')}
      submitting={save.isPending}
      onSubmit={submit}
      submitTestId="channel-submit"
    >
      {!creating && !stored.data ? (
        <Skeleton active />
      ) : (
        <Form layout="vertical" onFinish={submit} data-testid="channel-editor">
          <ChannelEditorFields
            values={values}
            onChange={change}
            channelId={channelId}
            groupOptions={groupOptions}
            canReadKey={Boolean(user && isRoot(user.role))}
          />
        </Form>
      )}
    </FormDrawer>
  );
}
