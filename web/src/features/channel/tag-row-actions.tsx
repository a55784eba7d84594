import { Button } from 'antd';
import { RowActions } from '../../components/row-actions';
import { useTranslation } from 'react-i18next';
import { setTagEnabled } from '../../api/resources/channel';
import { useChannelMutation } from './use-channel-mutation';

interface TagRowActionsProps {
  tag: string;
  onEdit: (tag: string) => void;
}

/** Enable all, disable all, edit tag (spec 001 Channel list, tag rows). */
export function TagRowActions({ tag, onEdit }: TagRowActionsProps) {
  const { t } = useTranslation('channel');
  const toggle = useChannelMutation(
    (enabled: boolean) => setTagEnabled(tag, enabled),
    (count, enabled) => t(enabled ? 'messages.tagEnabled' : 'messages.tagDisabled', { tag, count }),
  );
  return (
    <RowActions
      main={
        <Button size="small" onClick={() => onEdit(tag)} data-testid="tag-edit">
          {t('actions.editTag')}
        </Button>
      }
      testId="tag-more"
      more={[
        {
          key: 'enable',
          label: t('actions.enableAll'),
          disabled: toggle.isPending,
          onClick: () => toggle.mutate(true),
          testId: 'tag-enable-all',
        },
        {
          key: 'disable',
          label: t('actions.disableAll'),
          disabled: toggle.isPending,
          onClick: () => toggle.mutate(false),
          testId: 'tag-disable-all',
        },
      ]}
    />
  );
}
