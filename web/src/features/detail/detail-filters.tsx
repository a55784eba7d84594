import { SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { expirySeconds, expiryText } from '../token/token-form';
import type { UsageQuery } from './detail-api';
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
    onSearch({ start_timestamp: secondsOf(start, query.start_timestamp), end_timestamp: secondsOf(end, query.end_timestamp), username: username.trim() });
  const time = (label: string, value: string, change: (value: string) => void, testId: string) => (
    <Flex gap={4} align="center">
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Input type="datetime-local" step={1} style={{ width: 210 }} aria-label={label} value={value} onChange={(event) => change(event.target.value)} data-testid={testId} />
    </Flex>
  );
  return (
    <Flex gap={8} wrap align="center">
      {time(t('filters.start'), start, setStart, 'detail-filter-start')}
      {time(t('filters.end'), end, setEnd, 'detail-filter-end')}
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
