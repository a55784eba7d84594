import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Popconfirm, Space } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface MetaRowActionsProps {
  /** the row's name, in the delete confirmation */
  name: string;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
  /** test ids `<prefix>-edit` and `<prefix>-delete` */
  testIdPrefix?: string;
}

/** A model, vendor or prefill group row's Edit, and Delete behind a confirmation. */
export function MetaRowActions({ name, onEdit, onDelete, testIdPrefix }: MetaRowActionsProps) {
  const { t } = useTranslation('model-meta');
  return (
    <Space size={4}>
      <Button size="small" onClick={onEdit} data-testid={testIdPrefix && `${testIdPrefix}-edit`}>
        {t('actions.edit')}
      </Button>
      <Popconfirm title={t('messages.deleteConfirm', { name })} okButtonProps={{ danger: true }} onConfirm={onDelete}>
        <Button size="small" danger data-testid={testIdPrefix && `${testIdPrefix}-delete`}>
          {t('actions.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}

/** A metadata table's Actions column: each row's `MetaRowActions`. */
export function metaActionsColumn<T>(title: string, actions: (row: T) => MetaRowActionsProps): ColumnType<T> {
  return { title, key: 'actions', render: (_value, row) => <MetaRowActions {...actions(row)} /> };
}

/** The Actions column of a vendor or prefill group table: a row is confirmed by its name and deleted by its id. */
export const namedActionsColumn = <Row extends { id: number; name: string }>(
  title: string,
  onEdit: (row: Row) => void,
  onDelete: (id: number) => Promise<unknown>,
) =>
  metaActionsColumn<Row>(title, (row) => ({
    name: row.name,
    onEdit: () => onEdit(row),
    onDelete: () => onDelete(row.id),
  }));

/** A vendors or prefill groups tab: its tools (filters, then Add) above its table, and the drawer its rows open in. */
export function MetaListTab({ tools, editor, children }: { tools: ReactNode; editor: ReactNode; children: ReactNode }) {
  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap>
        {tools}
      </Flex>
      {children}
      {editor}
    </Flex>
  );
}

/** A metadata tab's Add button. */
export function MetaAddButton({ label, onAdd, testId }: { label: string; onAdd: () => void; testId: string }) {
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid={testId}>
      {label}
    </Button>
  );
}
