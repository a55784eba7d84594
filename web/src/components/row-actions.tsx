import { MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, type MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { modals } from './feedback';
import { useListMutation } from './use-list-mutation';

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

interface ToggleOptions {
  /** whether the row is on now: the entry then turns it off */
  on: boolean;
  /** the status each way */
  statuses: { on: number; off: number };
  mutation: { isPending: boolean; mutate: (status: number) => void };
  testId: string;
}

/** The "Enable" / "Disable" entry (`actions.enable` / `actions.disable` of the feature's `t`). */
export function toggleAction(t: TFunction, { on, statuses, mutation, testId }: ToggleOptions): RowMenuAction {
  return {
    key: 'toggle',
    label: on ? t('actions.disable') : t('actions.enable'),
    disabled: mutation.isPending,
    onClick: () => mutation.mutate(on ? statuses.off : statuses.on),
    testId,
  };
}

interface DeleteOptions {
  /** the row's name in the question (`messages.deleteConfirm`) */
  name: string;
  /** adds `messages.deleteHint` under the question */
  hint?: boolean;
  remove: () => Promise<unknown>;
  testId: string;
}

/** The "Delete" entry, last in the menu and asked first. */
export function deleteAction(t: TFunction, { name, hint = false, remove, testId }: DeleteOptions): RowMenuAction {
  const title = t('messages.deleteConfirm', { name });
  return {
    key: 'delete',
    label: t('actions.delete'),
    danger: true,
    confirm: hint ? { title, description: t('messages.deleteHint') } : { title },
    onClick: remove,
    testId,
  };
}

interface ListedRowOptions {
  queryKey: readonly unknown[];
  /** whether the row is on now */
  on: boolean;
  statuses: ToggleOptions['statuses'];
  setStatus: (status: number) => Promise<unknown>;
  remove: () => Promise<unknown>;
  name: string;
  /** test ids are `<prefix>-toggle` and `<prefix>-delete` */
  testIdPrefix: string;
}

/**
 * The toggle and delete entries of a row of a server-paged list, with their saves: each says so
 * (`messages.enabled`, `messages.disabled`, `messages.deleted`) and refreshes the list; deleting asks with its hint.
 */
export function useToggleAndDelete(t: TFunction, options: ListedRowOptions) {
  const { queryKey, on, statuses, setStatus, remove, name, testIdPrefix } = options;
  const toggle = useListMutation(queryKey, setStatus, (status) =>
    status === statuses.on ? t('messages.enabled') : t('messages.disabled'),
  );
  const removal = useListMutation(queryKey, remove, () => t('messages.deleted'));
  return {
    toggle: toggleAction(t, { on, statuses, mutation: toggle, testId: `${testIdPrefix}-toggle` }),
    remove: deleteAction(t, {
      name,
      hint: true,
      remove: () => removal.mutateAsync(undefined),
      testId: `${testIdPrefix}-delete`,
    }),
  };
}
