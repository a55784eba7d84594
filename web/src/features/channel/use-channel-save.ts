import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/feedback';
import { CHANNELS_QUERY_KEY, createChannels, updateChannel } from '../../api/resources/channel';
import { channelProblemText, channelRequestOf, checkChannelForm, type ChannelFormValues } from './channel-form';
import { addModeOf, keyEditOf } from './multi-key-fields';

/**
 * The channel editor's save: the form is checked against spec 001 §5 (the first rule broken is shown
 * and nothing is sent), then the channel is created (`channelId` null) or updated.
 */
export function useChannelSave(channelId: number | null, onSaved: () => void) {
  const { t } = useTranslation('channel');
  const client = useQueryClient();
  const creating = channelId === null;
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
      onSaved();
    },
  });

  const submit = (values: ChannelFormValues) => {
    const problem = checkChannelForm(values, creating);
    if (problem) {
      toast.error(channelProblemText(t, problem));
      return;
    }
    save.mutate(values);
  };
  return { submit, saving: save.isPending };
}
