import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Table, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/feedback';
import type { OptionValues } from '../../../api/resources/options';
import { useSaveOptions } from '../use-save-options';
import { AddModelDialog } from './add-model-dialog';
import {
  numberProblem,
  numberProblemText,
  optionValuesOf,
  rowsOf,
  unpricedRow,
  withChangedTables,
  type ModelRatioRow,
  type RatioColumn,
} from './model-ratio-rows';

const PAGE_SIZE = 10;

function NumberCell({
  value,
  name,
  onChange,
  testId,
}: {
  value: string;
  name: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  const { t } = useTranslation('setting');
  const problem = numberProblemText(t, numberProblem(value), name);
  return (
    <>
      <Input
        value={value}
        status={problem ? 'error' : undefined}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      />
      {problem ? <Typography.Text type="danger">{problem}</Typography.Text> : null}
    </>
  );
}

/** The model price, model ratio and completion ratio tables as one editable list (10 rows a page). */
export function ModelRatioTable({ options }: { options: OptionValues }) {
  const { t } = useTranslation('setting');
  const { save, saving } = useSaveOptions();
  const [rows, setRows] = useState<ModelRatioRow[]>(() => rowsOf(options));
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const [page, setPage] = useState(1);

  // Only a change of these three tables replaces the rows: another section's save reloads the options too,
  // and must not throw away edits not yet saved here.
  const { ModelPrice: storedPrices, ModelRatio: storedRatios, CompletionRatio: storedCompletions } = options;
  useEffect(
    () => setRows(rowsOf({ ModelPrice: storedPrices, ModelRatio: storedRatios, CompletionRatio: storedCompletions })),
    [storedPrices, storedRatios, storedCompletions],
  );

  const shown = useMemo(
    () => rows.filter((row) => row.name.toLowerCase().includes(search.trim().toLowerCase())),
    [rows, search],
  );

  const edit = (name: string, column: RatioColumn, value: string) =>
    setRows((current) => current.map((row) => (row.name === name ? { ...row, [column]: value } : row)));

  const submit = async () => {
    for (const row of rows) {
      for (const column of ['price', 'ratio', 'completion'] as const) {
        const problem = numberProblemText(t, numberProblem(row[column]), row.name);
        if (problem) return void toast.error(problem);
      }
    }
    const unpriced = unpricedRow(rows);
    if (unpriced) return void toast.error(t('ratioEditor.unpriced', { name: unpriced.name }));
    await save(options, withChangedTables(options, optionValuesOf(rows)));
  };

  const numberColumn = (column: RatioColumn) => ({
    title: t(`ratioEditor.${column}`),
    dataIndex: column,
    render: (value: string, row: ModelRatioRow) => (
      <NumberCell
        value={value}
        name={row.name}
        onChange={(next) => edit(row.name, column, next)}
        testId={`ratio-${column}-${row.name}`}
      />
    ),
  });

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap>
        <Input.Search
          placeholder={t('ratioEditor.search')}
          allowClear
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
          style={{ maxWidth: 280 }}
          data-testid="ratio-search"
        />
        <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-model">
          {t('ratioEditor.add')}
        </Button>
        <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="save-ratio-table">
          {t('save.button')}
        </Button>
      </Flex>
      <Table<ModelRatioRow>
        rowKey="name"
        size="small"
        dataSource={shown}
        pagination={{ current: page, pageSize: PAGE_SIZE, showSizeChanger: false, onChange: setPage }}
        columns={[
          { title: t('ratioEditor.name'), dataIndex: 'name' },
          numberColumn('price'),
          numberColumn('ratio'),
          numberColumn('completion'),
          {
            title: t('ratioEditor.actions'),
            key: 'actions',
            render: (_value, row) => (
              <Button
                danger
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('ratioEditor.remove')}
                onClick={() => setRows((current) => current.filter((item) => item.name !== row.name))}
              />
            ),
          },
        ]}
        data-testid="ratio-table"
      />
      <AddModelDialog
        open={adding}
        rows={rows}
        onClose={() => setAdding(false)}
        onAdd={(row) => {
          setRows((current) => [...current, row].sort((left, right) => left.name.localeCompare(right.name)));
          setAdding(false);
        }}
      />
    </Flex>
  );
}
