import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { PageData } from '@switchboard/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, Input, Space } from 'antd';
import type { TFunction } from 'i18next';
import { useCallback, useState, type ReactNode } from 'react';
import { useCopyableSelection } from './copyable-selection';
import { useTablePaging } from './table-paging';

export type Texts = Record<string, string>;

const trimmed = <Draft extends Texts>(draft: Draft): Draft =>
  Object.fromEntries(Object.entries(draft).map(([field, value]) => [field, value.trim()])) as Draft;

/**
 * A server-paged list's filter: the texts being typed (`draft`), the filter the list was last asked for,
 * and the paging. `search` applies the trimmed draft from the first page; `apply` sets other filter parts.
 */
export function useListSearch<Draft extends Texts, Rest extends object = Record<never, never>>(
  initial: Draft,
  rest = {} as Rest,
) {
  type Filter = Draft & Rest;
  const paging = useTablePaging();
  const [draft, setDraft] = useState<Draft>(initial);
  const [filter, setFilter] = useState<Filter>({ ...rest, ...initial });
  const apply = (next: Filter) => {
    paging.setPage(1);
    setFilter(next);
  };
  const search = () => apply({ ...filter, ...trimmed(draft) });
  return { ...paging, draft, setDraft, filter, apply, search };
}

/**
 * `useListSearch` with the list's query: `fetchPage` is asked for the page under `key`, and the
 * previous page stays on screen while the next one loads.
 */
export function useSearchedList<Item, Draft extends Texts, Rest extends object = Record<never, never>>(
  key: readonly unknown[],
  fetchPage: (request: { page: number; size: number } & Draft & Rest) => Promise<PageData<Item>>,
  initial: Draft,
  rest = {} as Rest,
) {
  const list = useListSearch<Draft, Rest>(initial, rest);
  const { page, pageSize, filter } = list;
  const query = useQuery({
    queryKey: [...key, 'list', page, pageSize, filter],
    queryFn: () => fetchPage({ ...filter, page, size: pageSize }),
    placeholderData: keepPreviousData,
  });
  /** A plain antd Table of the page: rows keyed by id, scrolling sideways when narrow, the loading state and pager. */
  const tableProps = () => ({
    rowKey: 'id',
    scroll: { x: 'max-content' },
    dataSource: query.data?.items ?? [],
    loading: query.isLoading,
    pagination: list.pagination(query.data?.total ?? 0),
  });
  return { ...list, query, tableProps };
}

interface SearchInputProps<Draft extends Texts> {
  list: { draft: Draft; setDraft: (draft: Draft) => void; search: () => void };
  field: keyof Draft & string;
  placeholder: string;
  /** a fixed width, or a width it may shrink below on a narrow screen */
  width?: number;
  maxWidth?: number;
  testId?: string;
}

/** One text of a list's filter draft; Enter searches. */
export function SearchInput<Draft extends Texts>({
  list,
  field,
  placeholder,
  width,
  maxWidth,
  testId,
}: SearchInputProps<Draft>) {
  const { draft, setDraft, search } = list;
  return (
    <Input
      allowClear
      style={{ width, maxWidth }}
      placeholder={placeholder}
      value={draft[field]}
      onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
      onPressEnter={search}
      data-testid={testId}
    />
  );
}

interface SearchBarProps {
  children: ReactNode;
  onSearch: () => void;
  searching: boolean;
  submitText: string;
  /** the search button's data-testid */
  testId?: string;
  /** buttons after the search button */
  extra?: ReactNode;
  /** space below the bar, when a table follows it inside the same card */
  spaced?: boolean;
}

/** A list's filter bar: its inputs, then the search button. */
export function SearchBar({ children, onSearch, searching, submitText, testId, extra, spaced = true }: SearchBarProps) {
  return (
    <Flex gap={8} wrap style={spaced ? { marginBottom: 16 } : undefined}>
      {children}
      <Button icon={<SearchOutlined />} onClick={onSearch} loading={searching} data-testid={testId}>
        {submitText}
      </Button>
      {extra}
    </Flex>
  );
}

type SearchedList<Draft extends Texts> = SearchInputProps<Draft>['list'] & { query: { isFetching: boolean } };

export interface ListSearchBarProps<Draft extends Texts> extends Omit<
  SearchBarProps,
  'onSearch' | 'searching' | 'children'
> {
  list: SearchedList<Draft>;
  /** the texts of the filter, in order */
  inputs: Array<Omit<SearchInputProps<Draft>, 'list'>>;
  /** other filters, after the texts */
  children?: ReactNode;
}

/** The filter bar of a `useSearchedList`: one input per text of its draft, then the search button. */
export function ListSearchBar<Draft extends Texts>({ list, inputs, children, ...bar }: ListSearchBarProps<Draft>) {
  return (
    <SearchBar {...bar} onSearch={list.search} searching={list.query.isFetching}>
      {inputs.map((input) => (
        <SearchInput key={input.field} list={list} {...input} />
      ))}
      {children}
    </SearchBar>
  );
}

/** The open state of an editor drawer and the record it edits (`null` adds a new one). */
export function useEditor<Row>() {
  const [state, setState] = useState<{ open: boolean; record: Row | null }>({ open: false, record: null });
  const edit = useCallback((record: Row | null) => setState({ open: true, record }), []);
  const close = useCallback(() => setState({ open: false, record: null }), []);
  return { open: state.open, record: state.record, edit, close };
}

interface AddAndCopyProps {
  onAdd: () => void;
  onCopy: () => void;
  addText: string;
  copyText: string;
  /** test ids are `<prefix>-add` and `<prefix>-copy-selected` */
  testIdPrefix: string;
}

/** A list's page actions: add one, and copy the ticked rows. */
function AddAndCopyActions({ onAdd, onCopy, addText, copyText, testIdPrefix }: AddAndCopyProps) {
  return (
    <Space wrap>
      <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid={`${testIdPrefix}-add`}>
        {addText}
      </Button>
      <Button onClick={onCopy} data-testid={`${testIdPrefix}-copy-selected`}>
        {copyText}
      </Button>
    </Space>
  );
}

/**
 * The rows of a page that adds and edits them in a drawer and copies the ticked ones: the editor, the
 * ticking, and the page's two buttons (the feature's `actions.add` and `actions.copySelected`;
 * `messages.selectFirst` warns when nothing is ticked). Test ids as `AddAndCopyActions`.
 */
export function useAddEditCopy<Row extends { id: number }>(
  t: TFunction,
  textOf: (rows: Row[]) => string | Promise<string>,
  testIdPrefix: string,
) {
  const { rowSelection, copySelected } = useCopyableSelection<Row>(textOf, t('messages.selectFirst'));
  const editor = useEditor<Row>();
  const actions = (
    <AddAndCopyActions
      onAdd={() => editor.edit(null)}
      onCopy={copySelected}
      addText={t('actions.add')}
      copyText={t('actions.copySelected')}
      testIdPrefix={testIdPrefix}
    />
  );
  return { editor, rowSelection, actions };
}
