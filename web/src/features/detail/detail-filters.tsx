import { SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Segmented } from 'antd';
import { DateTimeRange } from '../../components/date-time-field';
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
  const [start, setStart] = useState(expiryText(query.start_timestamp));
  const [end, setEnd] = useState(expiryText(query.end_timestamp));
  const [username, setUsername] = useState(query.username);
  const search = () =>
    onSearch({
      start_timestamp: secondsOf(start, query.start_timestamp),
      end_timestamp: secondsOf(end, query.end_timestamp),
      username: username.trim(),
    });
  return (
    <Flex gap={8} wrap align="center">
      <DateTimeRange
        start={start}
        end={end}
        onChange={(from, to) => {
          setStart(from);
          setEnd(to);
        }}
        testId="detail-filter-range"
      />
      {admin ? (
        <Input
          allowClear
          style={{ width: 160 }}
          placeholder={t('filters.username')}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          onPressEnter={search}
          data-testid="detail-filter-username"
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
