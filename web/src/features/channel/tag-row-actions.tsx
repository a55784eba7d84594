import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { setTagEnabled } from './channel-api';
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
    <Space size={4} wrap>
      <Button size="small" loading={toggle.isPending && toggle.variables} onClick={() => toggle.mutate(true)} data-testid="tag-enable-all">
        {t('actions.enableAll')}
      </Button>
      <Button size="small" loading={toggle.isPending && !toggle.variables} onClick={() => toggle.mutate(false)} data-testid="tag-disable-all">
        {t('actions.disableAll')}
      </Button>
      <Button size="small" onClick={() => onEdit(tag)} data-testid="tag-edit">
        {t('actions.editTag')}
      </Button>
    </Space>
  );
}
