import { AutoComplete, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGroups } from '../../api/resources/group';

export function UserGroupField({ value, onChange }: { value: string; onChange: (group: string) => void }) {
  const { t } = useTranslation('user');
  const groups = useGroups();
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
