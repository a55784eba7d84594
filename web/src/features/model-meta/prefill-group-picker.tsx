import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchPrefillGroups, MODEL_META_QUERY_KEY } from '../../api/resources/model-meta';

export interface PrefillGroupPickerProps {
  type: 'model' | 'tag' | 'endpoint';
  /** called with the chosen group's items; the picker then shows its placeholder again */
  onPick: (items: string[]) => void;
}

/** "Insert a prefill group": one click adds a saved list to an editor's field; hidden while there is none. */
export function PrefillGroupPicker({ type, onPick }: PrefillGroupPickerProps) {
  const { t } = useTranslation('model-meta');
  const groups = useQuery({
    queryKey: [...MODEL_META_QUERY_KEY, 'prefill', type],
    queryFn: () => fetchPrefillGroups(type),
  });
  const list = groups.data ?? [];
  if (list.length === 0) return null;
  return (
    <Select
      size="small"
      style={{ minWidth: 180 }}
      placeholder={t('prefill.insert')}
      value={null}
      options={list.map((group) => ({
        value: group.id,
        label: t('prefill.option', { name: group.name, count: group.items.length }),
      }))}
      onChange={(id: number) => onPick(list.find((group) => group.id === id)?.items ?? [])}
      data-testid={`prefill-picker-${type}`}
    />
  );
}
