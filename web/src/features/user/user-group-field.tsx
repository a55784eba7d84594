import { AutoComplete, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGroups } from '../../api/resources/group';

export function UserGroupField() {
  const { t } = useTranslation('user');
  const groups = useGroups();
  return (
    <Form.Item name="group" label={t('form.group')} required>
      <AutoComplete options={groups.map((group) => ({ value: group }))} data-testid="user-edit-group" />
    </Form.Item>
  );
}
