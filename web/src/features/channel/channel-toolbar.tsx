import { PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Popconfirm, Select, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChannelListFilter } from '../../api/resources/channel';

export interface ChannelToolbarProps {
  draft: ChannelListFilter;
  onDraft: (draft: ChannelListFilter) => void;
  onSearch: () => void;
  searching: boolean;
  groupOptions: string[];
  idSort: boolean;
  onIdSort: (on: boolean) => void;
  tagMode: boolean;
  onTagMode: (on: boolean) => void;
  batchMode: boolean;
  onBatchMode: (on: boolean) => void;
  onAdd: () => void;
  onTestAll: () => void;
  onUpdateAllBalances: () => void;
  onDeleteDisabled: () => Promise<unknown>;
  onRefresh: () => void;
  busy: { testAll: boolean; balances: boolean };
}

/** Search by keyword, model and group; the id sort, tag and batch switches; and the list-wide actions. */
export function ChannelToolbar(props: ChannelToolbarProps) {
  const { t } = useTranslation('channel');
  const { draft, onDraft } = props;
  const toggle = (label: string, checked: boolean, onChange: (on: boolean) => void, testId: string) => (
    <Space size={6}>
      <Switch size="small" checked={checked} onChange={onChange} data-testid={testId} />
      <Typography.Text>{label}</Typography.Text>
    </Space>
  );
  const textFilter = (field: 'keyword' | 'model', placeholder: string, maxWidth: number) => (
    <Input
      allowClear
      style={{ maxWidth }}
      placeholder={placeholder}
      value={draft[field]}
      onChange={(event) => onDraft({ ...draft, [field]: event.target.value })}
      onPressEnter={props.onSearch}
      data-testid={`channel-search-${field}`}
    />
  );
  return (
    <Flex vertical gap={12} style={{ marginBottom: 16 }}>
      <Flex gap={8} wrap>
        {textFilter('keyword', t('search.keyword'), 280)}
        {textFilter('model', t('search.model'), 200)}
        <Select
          allowClear
          style={{ minWidth: 160 }}
          placeholder={t('search.group')}
          value={draft.group || undefined}
          onChange={(group?: string) => onDraft({ ...draft, group: group ?? '' })}
          options={props.groupOptions.map((group) => ({ value: group, label: group }))}
          data-testid="channel-search-group"
        />
        <Button
          icon={<SearchOutlined />}
          onClick={props.onSearch}
          loading={props.searching}
          data-testid="channel-search"
        >
          {t('search.submit')}
        </Button>
      </Flex>
      <Flex gap={16} wrap align="center" justify="space-between">
        <Space size={16} wrap>
          {toggle(t('toolbar.idSort'), props.idSort, props.onIdSort, 'channel-id-sort')}
          {toggle(t('toolbar.tagMode'), props.tagMode, props.onTagMode, 'channel-tag-mode')}
          {toggle(t('toolbar.batchMode'), props.batchMode, props.onBatchMode, 'channel-batch-mode')}
        </Space>
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined />} onClick={props.onAdd} data-testid="channel-add">
            {t('actions.add')}
          </Button>
          <Button onClick={props.onTestAll} loading={props.busy.testAll} data-testid="channel-test-all">
            {t('actions.testAll')}
          </Button>
          <Button
            onClick={props.onUpdateAllBalances}
            loading={props.busy.balances}
            data-testid="channel-update-balances"
          >
            {t('actions.updateAllBalances')}
          </Button>
          <Popconfirm
            title={t('messages.deleteDisabledConfirm')}
            okButtonProps={{ danger: true }}
            onConfirm={props.onDeleteDisabled}
          >
            <Button danger data-testid="channel-delete-disabled">
              {t('actions.deleteDisabled')}
            </Button>
          </Popconfirm>
          <Button icon={<ReloadOutlined />} onClick={props.onRefresh} data-testid="channel-refresh">
            {t('actions.refresh')}
          </Button>
        </Space>
      </Flex>
    </Flex>
  );
}
