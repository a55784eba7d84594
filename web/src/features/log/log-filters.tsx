import { SearchOutlined } from '@ant-design/icons';
import { LOG_DEFAULT_LOOKAHEAD_SECONDS, LOG_DEFAULT_LOOKBACK_SECONDS, LOG_KINDS } from '@switchboard/contract';
import { Button, Flex, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeOfSeconds, filterInputs, secondsOfDateTime } from '../../components/filter-inputs';
import type { LogQuery } from '../../api/resources/log';

/** What the filter inputs hold: times as local datetime texts, the channel as typed. */
interface Draft {
  start: string;
  end: string;
  token_name: string;
  model_name: string;
  group: string;
  username: string;
  channel: string;
}

/** Spec 001 §9: the default window starts a day before now and ends one hour ahead. */
export function defaultLogQuery(nowSeconds: number): LogQuery {
  return {
    type: 0,
    start_timestamp: nowSeconds - LOG_DEFAULT_LOOKBACK_SECONDS,
    end_timestamp: nowSeconds + LOG_DEFAULT_LOOKAHEAD_SECONDS,
    token_name: '',
    model_name: '',
    group: '',
    username: '',
    channel: 0,
  };
}

function draftOf(query: LogQuery): Draft {
  return {
    start: dateTimeOfSeconds(query.start_timestamp),
    end: dateTimeOfSeconds(query.end_timestamp),
    token_name: query.token_name,
    model_name: query.model_name,
    group: query.group,
    username: query.username,
    channel: query.channel ? String(query.channel) : '',
  };
}

export function queryOfDraft(draft: Draft, type: number): LogQuery {
  const channel = Number.parseInt(draft.channel, 10);
  return {
    type,
    start_timestamp: secondsOfDateTime(draft.start),
    end_timestamp: secondsOfDateTime(draft.end),
    token_name: draft.token_name.trim(),
    model_name: draft.model_name.trim(),
    group: draft.group.trim(),
    username: draft.username.trim(),
    channel: Number.isInteger(channel) && channel > 0 ? channel : 0,
  };
}

interface LogFiltersProps {
  admin: boolean;
  query: LogQuery;
  searching: boolean;
  onSearch: (query: LogQuery) => void;
}

/** Time range, token, model and group (administrators also channel id and username), the type and search. */
export function LogFilters({ admin, query, searching, onSearch }: LogFiltersProps) {
  const { t } = useTranslation('log');
  const [draft, setDraft] = useState<Draft>(() => draftOf(query));
  const { text, range } = filterInputs(draft, setDraft, 'log-filter', () => onSearch(queryOfDraft(draft, query.type)));
  return (
    <Flex gap={8} wrap align="center">
      {range('start', 'end')}
      {text('token_name', t('filters.token'))}
      {text('model_name', t('filters.model'))}
      {text('group', t('filters.group'), 140)}
      {admin ? text('channel', t('filters.channel'), 120) : null}
      {admin ? text('username', t('filters.username'), 140) : null}
      <Select
        style={{ width: 130 }}
        value={query.type}
        options={LOG_KINDS.map((kind) => ({ value: kind, label: t(`types.${kind}`) }))}
        onChange={(type: number) => onSearch(queryOfDraft(draft, type))}
        data-testid="log-filter-type"
      />
      <Button
        type="primary"
        icon={<SearchOutlined />}
        loading={searching}
        onClick={() => onSearch(queryOfDraft(draft, query.type))}
        data-testid="log-search"
      >
        {t('filters.search')}
      </Button>
    </Flex>
  );
}
