import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { modals } from '../../components/feedback';
import { PaymentComplianceCard } from '../topup/payment-compliance-card';
import { fieldsOf } from './option-fields';
import { OptionSection } from './option-section';
import type { OptionValues } from '../../api/resources/options';

const sections = {
  server: fieldsOf(['ServerAddress']),
  worker: fieldsOf(['WorkerUrl', 'WorkerValidKey']),
  payment: fieldsOf([
    'PayAddress',
    'EpayId',
    'EpayKey',
    'Price',
    'MinTopUp',
    'TopupGroupRatio',
    'CustomCallbackAddress',
  ]),
  stripe: fieldsOf([
    'StripeApiSecret',
    'StripeWebhookSecret',
    'StripePriceId',
    'StripeUnitPrice',
    'StripeMinTopUp',
    'StripePromotionCodesEnabled',
    'StripeApiAddress',
  ]),
  access: fieldsOf([
    'PasswordLoginEnabled',
    'PasswordRegisterEnabled',
    'EmailVerificationEnabled',
    'GitHubOAuthEnabled',
    'LinuxDOOAuthEnabled',
    'WeChatAuthEnabled',
    'TelegramOAuthEnabled',
    'TurnstileCheckEnabled',
    'RegisterEnabled',
  ]),
  emailDomains: fieldsOf(['EmailDomainRestrictionEnabled', 'EmailAliasRestrictionEnabled', 'EmailDomainWhitelist'], {
    EmailDomainWhitelist: 'textarea',
  }),
  smtp: fieldsOf(['SMTPServer', 'SMTPPort', 'SMTPAccount', 'SMTPFrom', 'SMTPToken', 'SMTPSSLEnabled']),
  github: fieldsOf(['GitHubClientId', 'GitHubClientSecret', 'GitHubTokenEndpoint', 'GitHubUserEndpoint']),
  wechat: fieldsOf(['WeChatServerAddress', 'WeChatServerToken', 'WeChatAccountQRCodeImageURL']),
  telegram: fieldsOf(['TelegramBotName', 'TelegramBotToken']),
  turnstile: fieldsOf(['TurnstileSiteKey', 'TurnstileSecretKey', 'TurnstileVerifyEndpoint']),
  linuxdo: fieldsOf([
    'LinuxDOClientId',
    'LinuxDOClientSecret',
    'LinuxDOTokenEndpoint',
    'LinuxDOUserEndpoint',
    'LinuxDOMinimumTrustLevel',
  ]),
  oidc: fieldsOf([
    'oidc.enabled',
    'oidc.client_id',
    'oidc.client_secret',
    'oidc.well_known',
    'oidc.authorization_endpoint',
    'oidc.token_endpoint',
    'oidc.user_info_endpoint',
  ]),
  passkey: fieldsOf(
    [
      'passkey.enabled',
      'passkey.rp_display_name',
      'passkey.rp_id',
      'passkey.origins',
      'passkey.allow_insecure_origin',
      'passkey.user_verification',
      'passkey.attachment_preference',
    ],
    { 'passkey.attachment_preference': 'text' },
  ),
  tokenKeys: fieldsOf(['TokenKeysInListsEnabled']),
};

/** System settings (super admin): addresses, payment, sign-in and registration, mail, third-party sign-in. */
export function SystemTab({ options }: { options: OptionValues }) {
  const { t } = useTranslation('setting');

  // Payment callbacks go to the server address, so it has to be set first.
  const checkPayment = (after: OptionValues) =>
    (after.PayAddress ?? '') !== '' && !options.ServerAddress ? t('validation.serverAddressFirst') : null;

  // Without password login, users (admins included) who have no other sign-in method are locked out.
  const confirmAccess = (before: OptionValues, after: OptionValues) =>
    before.PasswordLoginEnabled === 'true' && after.PasswordLoginEnabled === 'false'
      ? new Promise<boolean>((resolve) =>
          modals().confirm({
            title: t('confirmPasswordLogin.title'),
            content: t('confirmPasswordLogin.content'),
            okText: t('confirmPasswordLogin.ok'),
            okButtonProps: { danger: true },
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          }),
        )
      : Promise.resolve(true);

  return (
    <Flex vertical gap={16}>
      {Object.entries(sections).map(([name, fields]) => [
        <OptionSection
          key={name}
          name={name}
          fields={fields}
          options={options}
          check={name === 'payment' ? checkPayment : undefined}
          confirm={name === 'access' ? confirmAccess : undefined}
        />,
        name === 'payment' ? <PaymentComplianceCard key="compliance" options={options} /> : null,
      ])}
    </Flex>
  );
}
