import { SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Segmented } from 'antd';
import { DateTimeRange } from '../../components/date-time-field';
import { SearchInput } from '../../components/list-search';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { expirySeconds, expiryText } from '../token/token-form';
import type { UsageQuery } from '../../api/resources/usage';
import { GRANULARITIES, type Granularity } from './usage-series';

interface DetailFiltersProps {
  admin: boolean;
  query: UsageQuery;
  granularity: Granularity;
  loading: boolean;
  onGranularity: (granularity: Granularity) => void;
  onSearch: (query: UsageQuery) => void;
}

const secondsOf = (text: string, fallback: number) => {
  const seconds = text.trim() === '' ? fallback : expirySeconds(text);
  return Number.isNaN(seconds) ? fallback : seconds;
};

/** Time range, username (administrators), the hour/day/week step and search. */
export function DetailFilters({ admin, query, granularity, loading, onGranularity, onSearch }: DetailFiltersProps) {
  const { t } = useTranslation('detail');
  const [draft, setDraft] = useState({
    start: expiryText(query.start_timestamp),
    end: expiryText(query.end_timestamp),
    username: query.username,
  });
  const search = () =>
    onSearch({
      start_timestamp: secondsOf(draft.start, query.start_timestamp),
      end_timestamp: secondsOf(draft.end, query.end_timestamp),
      username: draft.username.trim(),
    });
  return (
    <Flex gap={8} wrap align="center">
      <DateTimeRange
        start={draft.start}
        end={draft.end}
        onChange={(from, to) => setDraft({ ...draft, start: from, end: to })}
        testId="detail-filter-range"
      />
      {admin ? (
        <SearchInput
          list={{ draft, setDraft, search }}
          field="username"
          width={160}
          placeholder={t('filters.username')}
          testId="detail-filter-username"
        />
      ) : null}
      <Segmented<Granularity>
        value={granularity}
        onChange={onGranularity}
        options={GRANULARITIES.map((value) => ({ value, label: t(`granularity.${value}`) }))}
        data-testid="detail-granularity"
      />
      <Button type="primary" icon={<SearchOutlined />} loading={loading} onClick={search} data-testid="detail-search">
        {t('filters.search')}
      </Button>
    </Flex>
  );
}
