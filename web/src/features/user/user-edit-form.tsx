import type { UserView } from '@switchboard/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Skeleton, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { getStoredUser, setStoredUser } from '../../api/session';
import { fetchSelf, SELF_QUERY_KEY, selfQueryKey, updateSelf } from '../../api/resources/self';
import { toast } from '../../components/feedback';
import { FormValues } from '../../components/form-values';
import { fetchUser, updateUser, USERS_QUERY_KEY } from '../../api/resources/user';
import {
  checkUserForm,
  selfUpdateRequestOf,
  updateRequestOf,
  userFormOf,
  userFormProblemText,
  type UserFormValues,
} from './user-form';
import { UserBindings } from './user-bindings';
import { UserGroupField } from './user-group-field';
import { DisplayNameField, NewPasswordField, UsernameField } from './user-name-fields';
import { UserQuotaFields } from './user-quota-fields';

/** Another user by id (an administrator's edit), or the signed-in user. */
export type EditTarget = { kind: 'admin'; id: number } | { kind: 'self' };

interface UserEditFormProps {
  target: EditTarget;
  onDone?: () => void;
  onCancel?: () => void;
}

/** Spec 000 "Edit-user panel"; editing oneself omits group and quota and saves display name and password. */
export function UserEditForm({ target, onDone, onCancel }: UserEditFormProps) {
  const { t } = useTranslation('user');
  const client = useQueryClient();
  const self = target.kind === 'self';
  // Oneself is the shared signed-in copy, read again as the form opens; another user is read for this form only.
  const query = useQuery<UserView>({
    queryKey: target.kind === 'self' ? selfQueryKey(getStoredUser()?.id) : [...USERS_QUERY_KEY, 'edit', target.id],
    queryFn: ({ signal }) => (target.kind === 'self' ? fetchSelf(signal) : fetchUser(target.id)),
    staleTime: 0,
    gcTime: self ? undefined : 0,
  });
  const user = query.data;
  const [form] = Form.useForm<UserFormValues>();

  // Each load (and each refetch after a save) starts the form again from the user as the server has them.
  useEffect(() => {
    if (user) form.setFieldsValue(userFormOf(user));
  }, [user, form]);

  const save = useMutation({
    mutationFn: async ({ loaded, values }: { loaded: UserView; values: UserFormValues }) => {
      if (!self) return updateUser(updateRequestOf(loaded, values));
      const request = selfUpdateRequestOf(values);
      await updateSelf(request);
      // Refetched first: the layout re-stores the user from that query and must not see the old names.
      await client.invalidateQueries({ queryKey: SELF_QUERY_KEY });
      const stored = getStoredUser();
      const username = request.username ?? loaded.username;
      // The header shows the stored names.
      if (stored) setStoredUser({ ...stored, username, display_name: request.display_name || username });
    },
    onSuccess: async () => {
      toast.success(t('messages.saved'));
      await client.invalidateQueries({ queryKey: USERS_QUERY_KEY });
      onDone?.();
    },
  });

  if (query.isError) return <Alert type="error" showIcon title={query.error.message} data-testid="user-edit-error" />;
  if (!user) return <Skeleton active data-testid="user-edit-loading" />;
  const submit = () => {
    const values = form.getFieldsValue(true) as UserFormValues;
    const problem = checkUserForm(values, { self });
    if (problem) return toast.error(userFormProblemText(t, problem));
    save.mutate({ loaded: user, values });
  };

  return (
    <Form form={form} initialValues={userFormOf(user)} layout="vertical" onFinish={submit} data-testid="user-edit-form">
      <UsernameField testId="user-edit-username" />
      <NewPasswordField required={false} placeholder={t('form.passwordKeep')} testId="user-edit-password" />
      {self ? (
        <FormValues<UserFormValues> names={['password']}>
          {({ password }) =>
            password ? (
              <Form.Item name="originalPassword" label={t('form.originalPassword')} required>
                <Input.Password autoComplete="current-password" data-testid="user-edit-original-password" />
              </Form.Item>
            ) : null
          }
        </FormValues>
      ) : null}
      <DisplayNameField testId="user-edit-display-name" />
      {self ? null : (
        <>
          <UserGroupField />
          <UserQuotaFields />
        </>
      )}
      <UserBindings user={user} />
      <Flex justify="flex-end">
        <Space>
          {onCancel ? <Button onClick={onCancel}>{t('form.cancel')}</Button> : null}
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="user-edit-submit">
            {t('form.submit')}
          </Button>
        </Space>
      </Flex>
    </Form>
  );
}
