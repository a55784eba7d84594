import { useState } from 'react';
import { readStorage, writeStorage } from '../../api/local-storage';
import type { ChannelListFilter } from '../../api/resources/channel';
import { useTablePaging } from '../../components/table-paging';
import type { ChannelToolbarProps } from './channel-toolbar';

export const ID_SORT_STORAGE_KEY = 'id-sort';
export const TAG_MODE_STORAGE_KEY = 'tag-mode';
const NO_FILTER: ChannelListFilter = { keyword: '', group: '', model: '' };

/** A switch remembered in localStorage (the id sort and the tag mode survive a reload). */
function useStoredSwitch(key: string): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => readStorage(key) === 'true');
  const change = (next: boolean) => {
    writeStorage(key, String(next));
    setOn(next);
  };
  return [on, change];
}

type ToolbarControls = Pick<
  ChannelToolbarProps,
  'draft' | 'onDraft' | 'onSearch' | 'idSort' | 'onIdSort' | 'tagMode' | 'onTagMode' | 'batchMode' | 'onBatchMode'
>;

/**
 * How the channel list is viewed: its page, the search being typed and the one searched, the id sort
 * and tag mode (a change goes back to page 1), batch mode and the rows selected in it (a change clears them).
 */
export function useChannelListControls() {
  const { page, pageSize, setPage, pagination } = useTablePaging();
  const [draft, setDraft] = useState<ChannelListFilter>(NO_FILTER);
  const [filter, setFilter] = useState<ChannelListFilter>(NO_FILTER);
  const [idSort, setIdSort] = useStoredSwitch(ID_SORT_STORAGE_KEY);
  const [tagMode, setTagMode] = useStoredSwitch(TAG_MODE_STORAGE_KEY);
  const [batchMode, setBatchMode] = useState(false);
  const [selectedKeys, setSelectedKeys] = useState<Array<string | number | bigint>>([]);

  const toolbar: ToolbarControls = {
    draft,
    onDraft: setDraft,
    onSearch: () => {
      setPage(1);
      setFilter({ ...draft });
    },
    idSort,
    onIdSort: (on) => {
      setIdSort(on);
      setPage(1);
    },
    tagMode,
    onTagMode: (on) => {
      setTagMode(on);
      setPage(1);
    },
    batchMode,
    onBatchMode: (on) => {
      setBatchMode(on);
      setSelectedKeys([]);
    },
  };
  return { page, pageSize, pagination, filter, idSort, tagMode, batchMode, selectedKeys, setSelectedKeys, toolbar };
}
