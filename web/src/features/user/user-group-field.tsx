import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchGroupNames } from '../../api/resources/user';

/** The groups offered as suggestions; any other name may be typed. */
export function useGroupNames(): string[] {
  const query = useQuery({ queryKey: ['groups'], queryFn: fetchGroupNames, staleTime: 5 * 60_000 });
  return query.data ?? [];
}

export function UserGroupField({ value, onChange }: { value: string; onChange: (group: string) => void }) {
  const { t } = useTranslation('user');
  const groups = useGroupNames();
  return (
    <Form.Item label={t('form.group')} required>
      <AutoComplete
        value={value}
        options={groups.map((group) => ({ value: group }))}
        onChange={(next: string) => onChange(next)}
        data-testid="user-edit-group"
      />
    </Form.Item>
  );
}
