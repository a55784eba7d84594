import { Alert, Button, Card, Checkbox, Empty, Flex, Pagination, Table, type TableProps } from 'antd';
import type { ColumnType, ColumnsType } from 'antd/es/table';
import { isValidElement, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../app/layout/use-is-mobile';
import { useColumnChooser } from './column-chooser';
import { LoadError, SkeletonRows, type LoadingQuery } from './load-state';

export interface DataListProps<T extends object> extends Omit<TableProps<T>, 'loading' | 'columns' | 'title'> {
  columns: ColumnsType<T>;
  query: LoadingQuery;
  /** Column keys shown as a phone card's heading (the rest become label/value lines). */
  headingKeys?: string[];
  /** A wide table gets a column chooser remembered under this name. */
  chooser?: { table: string; keep: string[]; defaultHidden?: string[] };
  /** Shown left of the column chooser above the table. */
  toolbar?: ReactNode;
  'data-testid'?: string;
}

type Column<T> = ColumnType<T>;

function cellOf<T extends object>(column: Column<T>, record: T, index: number): ReactNode {
  const path = column.dataIndex;
  const value =
    typeof path === 'string' || typeof path === 'number' ? (record as Record<string, unknown>)[path] : undefined;
  if (!column.render) return value as ReactNode;
  const rendered = column.render(value, record, index) as unknown;
  if (rendered === null || rendered === undefined || typeof rendered !== 'object' || isValidElement(rendered))
    return rendered as ReactNode;
  // A `{ children, props }` cell: only the children matter on a card.
  return (rendered as { children?: ReactNode }).children ?? null;
}

const keyOf = <T extends object>(record: T, rowKey: TableProps<T>['rowKey'], index: number): Key => {
  if (typeof rowKey === 'function') return rowKey(record, index);
  const value = (record as Record<string, unknown>)[typeof rowKey === 'string' ? rowKey : 'key'];
  return typeof value === 'string' || typeof value === 'number' ? value : index;
};

/** Rows and their children (tag groups) in the order a table shows them expanded. */
function flatten<T extends object>(records: readonly T[]): Array<{ record: T; depth: number }> {
  return records.flatMap((record) => {
    const children = (record as { children?: T[] }).children;
    return [
      { record, depth: 0 },
      ...(Array.isArray(children) ? children.map((child) => ({ record: child, depth: 1 })) : []),
    ];
  });
}

interface CardsProps<T extends object> {
  records: readonly T[];
  columns: Array<Column<T>>;
  headingKeys: string[];
  props: DataListProps<T>;
}

/** Below 600 px every row is a card: its name and status on top, the other columns as lines, actions last. */
function Cards<T extends object>({ records, columns, headingKeys, props }: CardsProps<T>) {
  const heading = columns.filter((column) => headingKeys.includes(String(column.key)));
  const actions = columns.filter((column) => column.key === 'actions');
  const lines = columns.filter((column) => !heading.includes(column) && !actions.includes(column));
  const selection = props.rowSelection;
  const selected = new Set(selection?.selectedRowKeys ?? []);
  const flat = flatten(records);
  const toggle = (key: Key, record: T, on: boolean) => {
    const keys = on ? [...selected, key] : [...selected].filter((entry) => entry !== key);
    const rows = flat
      .map((entry) => entry.record)
      .filter((entry, index) => keys.includes(keyOf(entry, props.rowKey, index)));
    selection?.onChange?.(keys, on ? [...rows, record].filter((row, index, all) => all.indexOf(row) === index) : rows, {
      type: 'single',
    });
  };
  return (
    <Flex vertical gap={8}>
      {flat.map(({ record, depth }, index) => {
        const key = keyOf(record, props.rowKey, index);
        const className =
          typeof props.rowClassName === 'function' ? props.rowClassName(record, index, 0) : props.rowClassName;
        return (
          <Card
            key={key}
            size="small"
            className={`data-card ${className ?? ''}`}
            style={{ marginLeft: depth * 16 }}
            data-testid="data-card"
          >
            <Flex align="center" gap={8} wrap style={{ marginBottom: lines.length ? 8 : 0 }}>
              {selection ? (
                <Checkbox checked={selected.has(key)} onChange={(event) => toggle(key, record, event.target.checked)} />
              ) : null}
              {heading.map((column) => (
                <span
                  key={String(column.key)}
                  data-card-field={String(column.key)}
                  style={{ fontWeight: column.key === 'name' ? 600 : undefined, minWidth: 0, overflowWrap: 'anywhere' }}
                >
                  {cellOf(column, record, index)}
                </span>
              ))}
            </Flex>
            <div className="data-card-lines">
              {lines.map((column) => {
                const cell = cellOf(column, record, index);
                if (cell === null || cell === undefined || cell === '') return null;
                return (
                  <Flex
                    key={String(column.key)}
                    gap={8}
                    justify="space-between"
                    align="center"
                    style={{ minHeight: 28 }}
                    data-card-field={String(column.key)}
                  >
                    <span style={{ color: 'var(--ant-color-text-secondary)', flexShrink: 0 }}>
                      {column.title as ReactNode}
                    </span>
                    <span style={{ textAlign: 'right', minWidth: 0, overflowWrap: 'anywhere' }}>{cell}</span>
                  </Flex>
                );
              })}
            </div>
            {actions.map((column) => (
              <div key="actions" style={{ marginTop: 8 }}>
                {cellOf(column, record, index)}
              </div>
            ))}
          </Card>
        );
      })}
    </Flex>
  );
}

/**
 * A server-paged list: a table on a desktop, cards on a phone; grey skeleton rows while the first page
 * loads, and a failed load says so with a retry button instead of "no data".
 */
export function DataList<T extends object>(props: DataListProps<T>) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const {
    columns,
    query,
    headingKeys = ['name', 'status'],
    chooser,
    toolbar,
    dataSource,
    pagination,
    ...table
  } = props;
  const { visible, chooser: chooserButton } = useColumnChooser(
    chooser?.table,
    columns,
    chooser?.keep ?? [],
    chooser?.defaultHidden,
  );
  const firstLoad = query.isLoading;
  const failed = query.isError && !query.isFetching;
  const records = failed && !dataSource?.length ? [] : (dataSource ?? []);
  const retry = <LoadError error={query.error} onRetry={query.refetch} retrying={query.isFetching} compact />;
  const empty = firstLoad ? <SkeletonRows /> : failed ? retry : undefined;
  const staleWarning =
    failed && records.length > 0 ? (
      <Alert
        type="warning"
        showIcon
        title={t('common:loadError.stale')}
        action={
          <Button size="small" onClick={() => void query.refetch()} data-testid="load-retry">
            {t('common:loadError.retry')}
          </Button>
        }
      />
    ) : null;
  const header =
    toolbar || (chooserButton && !mobile) ? (
      <Flex justify="space-between" align="center" gap={8} wrap>
        <div>{toolbar}</div>
        {mobile ? null : chooserButton}
      </Flex>
    ) : null;

  if (mobile) {
    return (
      <Flex vertical gap={12} data-testid={props['data-testid']} data-layout="cards">
        {header}
        {staleWarning}
        {records.length === 0 ? (
          (empty ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />)
        ) : (
          <Cards records={records} columns={visible as Array<Column<T>>} headingKeys={headingKeys} props={props} />
        )}
        {pagination && records.length > 0 ? (
          <Pagination size="small" align="center" {...pagination} showSizeChanger={false} />
        ) : null}
      </Flex>
    );
  }
  return (
    <Flex vertical gap={12}>
      {header}
      {staleWarning}
      <Table<T>
        {...table}
        columns={visible}
        dataSource={records}
        pagination={pagination}
        locale={empty ? { emptyText: empty } : table.locale}
        data-testid={props['data-testid']}
      />
    </Flex>
  );
}
