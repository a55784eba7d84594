import { Flex } from 'antd';
import { LogClearPanel } from './log-clear-panel';
import { ModelRatioSection } from './model-ratio/model-ratio-section';
import { fieldsOf } from './option-fields';
import { OptionSection } from './option-section';
import type { OptionValues } from './options-api';

const sections = [
  {
    name: 'general',
    fields: fieldsOf([
      'TopUpLink',
      'ChatLink',
      'ChatLink2',
      'QuotaPerUnit',
      'RetryTimes',
      'DisplayInCurrencyEnabled',
      'DisplayTokenStatEnabled',
      'DefaultCollapseSidebar',
      'DemoSiteEnabled',
    ]),
  },
  {
    name: 'drawing',
    fields: fieldsOf([
      'DrawingEnabled',
      'TaskEnabled',
      'MjNotifyEnabled',
      'MjAccountFilterEnabled',
      'MjForwardUrlEnabled',
      'MjModeClearEnabled',
      'MjActionCheckSuccessEnabled',
    ]),
  },
  {
    name: 'sensitive',
    fields: fieldsOf(['CheckSensitiveEnabled', 'CheckSensitiveOnPromptEnabled', 'SensitiveWords'], { SensitiveWords: 'textarea' }),
  },
  { name: 'logs', fields: fieldsOf(['LogConsumeEnabled']) },
  { name: 'dashboard', fields: fieldsOf(['DataExportEnabled', 'DataExportInterval', 'DataExportDefaultTime']) },
  {
    name: 'monitoring',
    fields: fieldsOf(
      ['ChannelDisableThreshold', 'QuotaRemindThreshold', 'AutomaticDisableChannelEnabled', 'AutomaticEnableChannelEnabled', 'AutomaticDisableKeywords'],
      { AutomaticDisableKeywords: 'textarea' },
    ),
  },
  { name: 'quota', fields: fieldsOf(['QuotaForNewUser', 'PreConsumedQuota', 'QuotaForInviter', 'QuotaForInvitee']) },
  { name: 'chats', fields: fieldsOf(['Chats']) },
  { name: 'groups', fields: fieldsOf(['GroupRatio', 'UserUsableGroups']) },
];

/** Operation settings (super admin): general, drawing, words, logs, dashboard, monitoring, quota, chats, ratios. */
export function OperationTab({ options }: { options: OptionValues }) {
  return (
    <Flex vertical gap={16}>
      {sections.map((section) => (
        <OptionSection key={section.name} name={section.name} fields={section.fields} options={options}>
          {section.name === 'logs' ? <LogClearPanel /> : null}
        </OptionSection>
      ))}
      <ModelRatioSection options={options} />
    </Flex>
  );
}
