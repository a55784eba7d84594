import { TOKEN_NAME_MAX_LENGTH, type TokenView } from '@switchboard/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/feedback';
import { addOrEditTexts, CheckedFormDrawer, useCheckedForm } from '../../components/checked-form-drawer';
import { createTokens, TOKENS_QUERY_KEY, updateToken } from '../../api/resources/token';
import { TokenAccessFields } from './token-access-fields';
import {
  checkTokenForm,
  emptyTokenForm,
  tokenFieldsOf,
  tokenFormOf,
  tokenProblemText,
  tokenUpdateOf,
  type TokenFormValues,
} from './token-form';
import { TokenLimitFields } from './token-limit-fields';
import { TokenQuotaFields } from './token-quota-fields';
import { ExpiryField } from './expiry-field';

export interface TokenDrawerProps {
  open: boolean;
  /** the token to edit; null creates */
  token: TokenView | null;
  onClose: () => void;
}

/** Adds or edits a token (spec 001 "Token drawer fields"). */
export function TokenDrawer({ open, token, onClose }: TokenDrawerProps) {
  const { t } = useTranslation('token');
  const creating = token === null;
  const editor = useCheckedForm(
    { open, onClose, record: token },
    {
      initial: () => (token ? tokenFormOf(token) : emptyTokenForm()),
      check: (form: TokenFormValues) =>
        checkTokenForm(form, { creating, originalExpiry: token?.expired_time, now: new Date() }),
      problemText: (problem) => tokenProblemText(t, problem),
      save: async (form: TokenFormValues) => {
        if (token) return [await updateToken(tokenUpdateOf(token, form))];
        return createTokens({ ...tokenFieldsOf(form), quantity: form.quantity ?? 1 });
      },
      invalidate: TOKENS_QUERY_KEY,
      onSaved: (saved) =>
        toast.success(creating ? t('messages.created', { count: saved.length }) : t('messages.updated')),
    },
  );

  return (
    <CheckedFormDrawer editor={editor} size={560} {...addOrEditTexts(t, creating)} testIdPrefix="token">
      <Form.Item name="name" label={t('drawer.name')} required>
        <Input
          placeholder={t('drawer.namePlaceholder')}
          count={{ show: true, max: TOKEN_NAME_MAX_LENGTH }}
          data-testid="token-name"
        />
      </Form.Item>
      <ExpiryField />
      <TokenQuotaFields creating={creating} />
      <TokenAccessFields />
      <TokenLimitFields />
    </CheckedFormDrawer>
  );
}
