import { SearchOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeOfSeconds, filterInputs, secondsOfDateTime } from '../../components/filter-inputs';
import type { TaskListQuery } from '../../api/resources/task';

/** What the inputs hold: times as local datetime texts, the channel as typed. */
interface Draft {
  channel: string;
  id: string;
  start: string;
  end: string;
}

const draftOf = (query: TaskListQuery): Draft => ({
  channel: query.channel_id ? String(query.channel_id) : '',
  id: query.id,
  start: dateTimeOfSeconds(query.start),
  end: dateTimeOfSeconds(query.end),
});

function queryOf(draft: Draft): TaskListQuery {
  const channel = Number.parseInt(draft.channel, 10);
  return {
    channel_id: Number.isInteger(channel) && channel > 0 ? channel : 0,
    id: draft.id.trim(),
    start: secondsOfDateTime(draft.start),
    end: secondsOfDateTime(draft.end),
  };
}

interface TaskFiltersProps {
  admin: boolean;
  /** the label of the id input: drawing task id or task id */
  idLabel: string;
  query: TaskListQuery;
  searching: boolean;
  onSearch: (query: TaskListQuery) => void;
}

/** Spec 001 "Drawing tasks and async tasks": channel id (administrators only), task id and time range. */
export function TaskFilters({ admin, idLabel, query, searching, onSearch }: TaskFiltersProps) {
  const { t } = useTranslation('task');
  const [draft, setDraft] = useState<Draft>(() => draftOf(query));
  const search = () => onSearch(queryOf(draft));
  const { text, time } = filterInputs(draft, setDraft, 'task-filter', search);
  return (
    <Flex gap={8} wrap align="center">
      {time('start', t('filters.start'))}
      {time('end', t('filters.end'))}
      {admin ? text('channel', t('filters.channel'), 120) : null}
      {text('id', idLabel, 220)}
      <Button type="primary" icon={<SearchOutlined />} loading={searching} onClick={search} data-testid="task-search">
        {t('filters.search')}
      </Button>
    </Flex>
  );
}
