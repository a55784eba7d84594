import { MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { modals } from './feedback';

/** One entry of a row's "more" menu. */
export interface RowMenuAction {
  key: string;
  label: ReactNode;
  onClick: () => unknown;
  danger?: boolean;
  disabled?: boolean;
  /** Asked before `onClick` runs (deleting always asks). */
  confirm?: { title: ReactNode; description?: ReactNode };
  testId?: string;
}

interface RowActionsProps {
  /** The one action shown as a button (or a small compact group such as test + model picker). */
  main?: ReactNode;
  /** Everything else, behind a "more" button; dangerous entries go last. */
  more: Array<RowMenuAction | null | false>;
  /** The "more" button's test id. */
  testId?: string;
}

function ask(action: RowMenuAction, okText: string, cancelText: string): void {
  if (!action.confirm) {
    void action.onClick();
    return;
  }
  modals().confirm({
    title: action.confirm.title,
    content: action.confirm.description,
    okText,
    cancelText,
    okButtonProps: { danger: action.danger, 'data-testid': 'row-action-confirm' } as never,
    onOk: () => action.onClick(),
  });
}

/**
 * A table row's actions: one main button and a "more" menu, so a row stays narrow and a delete never
 * sits next to the everyday button (it lives at the end of the menu, behind a confirmation).
 */
export function RowActions({ main, more, testId }: RowActionsProps) {
  const { t } = useTranslation();
  const actions = more.filter((action): action is RowMenuAction => Boolean(action));
  const dangerous = actions.filter((action) => action.danger);
  const safe = actions.filter((action) => !action.danger);
  const label = (action: RowMenuAction) => <span data-testid={action.testId}>{action.label}</span>;
  const items: MenuProps['items'] = [
    ...safe.map((action) => ({ key: action.key, label: label(action), disabled: action.disabled })),
    ...(safe.length > 0 && dangerous.length > 0 ? [{ type: 'divider' as const }] : []),
    ...dangerous.map((action) => ({ key: action.key, label: label(action), danger: true, disabled: action.disabled })),
  ];
  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    domEvent.stopPropagation();
    const action = actions.find((entry) => entry.key === key);
    if (action)
      ask(
        action,
        action.danger ? t('common:rowActions.confirmDanger') : t('common:rowActions.confirm'),
        t('common:rowActions.cancel'),
      );
  };
  return (
    <Space size={4} wrap={false} data-testid="row-actions">
      {main}
      {actions.length > 0 ? (
        <Dropdown trigger={['click']} menu={{ items, onClick }}>
          <Button
            size="small"
            icon={<MoreOutlined />}
            aria-label={t('common:rowActions.more')}
            data-testid={testId ?? 'row-more'}
          >
            {main ? null : t('common:rowActions.more')}
          </Button>
        </Dropdown>
      ) : null}
    </Space>
  );
}
