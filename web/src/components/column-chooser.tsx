import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { readStoredJson, writeStorage } from '../api/local-storage';

const storageKey = (table: string) => `columns-${table}`;

function storedHidden(table: string, fallback: string[]): string[] {
  const value = readStoredJson(storageKey(table));
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string') ? value : fallback;
}

/** Columns a person may hide: every keyed column but the ones a row cannot do without. */
const choosable = <T,>(columns: ColumnsType<T>, keep: string[]) =>
  columns.filter((column) => column.key !== undefined && !keep.includes(String(column.key)));

/**
 * The columns a wide table shows, remembered per table in localStorage (`columns-{table}`), and the
 * button that picks them. `keep` columns (name, status, actions) can never be hidden.
 */
export function useColumnChooser<T>(
  table: string | undefined,
  columns: ColumnsType<T>,
  keep: string[],
  defaultHidden: string[] = [],
) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState<string[]>(() => (table ? storedHidden(table, defaultHidden) : []));
  if (!table) return { visible: columns, chooser: null as ReactNode };
  const change = (next: string[]) => {
    writeStorage(storageKey(table), JSON.stringify(next));
    setHidden(next);
  };
  const options = choosable(columns, keep).map((column) => ({
    label: column.title as ReactNode,
    value: String(column.key),
  }));
  const shown = options.map((option) => option.value).filter((key) => !hidden.includes(key));
  const chooser = (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('common:columns.title')}
      content={
        <Flex vertical gap={8} data-testid="column-chooser-options">
          <Checkbox.Group
            style={{ display: 'grid', gap: 6 }}
            options={options}
            value={shown}
            onChange={(values) => change(options.map((option) => option.value).filter((key) => !values.includes(key)))}
          />
          <Button
            size="small"
            type="link"
            style={{ alignSelf: 'flex-start', padding: 0 }}
            onClick={() => change(defaultHidden)}
          >
            {t('common:columns.reset')}
          </Button>
        </Flex>
      }
    >
      <Button size="small" icon={<SettingOutlined />} data-testid="column-chooser">
        {t('common:columns.button')}
      </Button>
    </Popover>
  );
  return {
    visible: columns.filter((column) => column.key === undefined || !hidden.includes(String(column.key))),
    chooser,
  };
}
