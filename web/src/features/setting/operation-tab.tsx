import { Anchor, Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { TOP_BAR_HEIGHT } from '../../app/layout/top-bar';
import { useIsMobile } from '../../app/layout/use-is-mobile';
import { JobStatusPanel } from './job-status-panel';
import { LogClearPanel } from './log-clear-panel';
import { ModelRatioSection } from './model-ratio/model-ratio-section';
import { fieldsOf } from './option-fields';
import { OptionSection, sectionAnchorId } from './option-section';
import { RateLimitSections } from './rate-limit-sections';
import { ChannelAffinitySection } from './affinity/channel-affinity-section';
import type { OptionValues } from '../../api/resources/options';

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
      'SelfUseModeEnabled',
      'general_setting.docs_link',
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
    fields: fieldsOf(
      [
        'CheckSensitiveEnabled',
        'CheckSensitiveOnPromptEnabled',
        'CheckSensitiveOnCompletionEnabled',
        'StopOnSensitiveEnabled',
        'SensitiveWords',
      ],
      { SensitiveWords: 'textarea' },
    ),
  },
  { name: 'logs', fields: fieldsOf(['LogConsumeEnabled', 'LogRetentionDays']) },
  { name: 'dashboard', fields: fieldsOf(['DataExportEnabled', 'DataExportInterval', 'DataExportDefaultTime']) },
  {
    name: 'monitoring',
    fields: fieldsOf([
      'ChannelDisableThreshold',
      'QuotaRemindThreshold',
      'AutomaticDisableChannelEnabled',
      'AutomaticEnableChannelEnabled',
      'AutomaticDisableStatusCodes',
      'ChannelTestFrequency',
      'ChannelTestMode',
      'ChannelUpdateFrequency',
      'ChannelModelUpdateFrequency',
      'WebhookInternalAddressEnabled',
    ]),
  },
  { name: 'quota', fields: fieldsOf(['QuotaForNewUser', 'PreConsumedQuota', 'QuotaForInviter', 'QuotaForInvitee']) },
  {
    name: 'checkin',
    fields: fieldsOf(['checkin_setting.enabled', 'checkin_setting.min_quota', 'checkin_setting.max_quota']),
  },
  { name: 'chats', fields: fieldsOf(['Chats']) },
  { name: 'groups', fields: fieldsOf(['GroupRatio', 'UserUsableGroups']) },
  {
    name: 'claude',
    fields: fieldsOf([
      'claude.model_headers_settings',
      'claude.default_max_tokens',
      'claude.thinking_adapter_enabled',
      'claude.thinking_adapter_budget_tokens_percentage',
    ]),
  },
  { name: 'gemini', fields: fieldsOf(['gemini.safety_settings', 'gemini.version_settings']) },
  { name: 'passThrough', fields: fieldsOf(['global.pass_through_request_enabled']) },
];

/** Every section of the tab in its order, for the anchored menu. */
const MENU = [...sections.map((section) => section.name), 'modelRequestRateLimit', 'groupTpmLimit', 'modelRatios'];

/**
 * Operation settings (super admin): general, drawing, words, logs, dashboard, monitoring, quota, chats,
 * ratios, limits; one card each, with a menu that jumps to a card (at the side on a laptop, on top on a phone).
 */
export function OperationTab({ options }: { options: OptionValues }) {
  const { t } = useTranslation('setting');
  const mobile = useIsMobile();
  const menu = (
    <nav data-testid="settings-menu">
      <Anchor
        direction={mobile ? 'horizontal' : 'vertical'}
        offsetTop={TOP_BAR_HEIGHT + 8}
        targetOffset={TOP_BAR_HEIGHT + 16}
        items={MENU.map((name) => ({ key: name, href: `#${sectionAnchorId(name)}`, title: t(`sections.${name}`) }))}
      />
    </nav>
  );
  const cards = (
    <Flex vertical gap={16}>
      {sections.map((section) => (
        <OptionSection key={section.name} name={section.name} fields={section.fields} options={options}>
          {section.name === 'logs' ? <LogClearPanel /> : section.name === 'monitoring' ? <JobStatusPanel /> : null}
        </OptionSection>
      ))}
      <RateLimitSections options={options} />
      <ChannelAffinitySection options={options} />
      <ModelRatioSection options={options} />
    </Flex>
  );
  if (mobile) {
    return (
      <Flex vertical gap={12}>
        {menu}
        {cards}
      </Flex>
    );
  }
  return (
    <Row gutter={24} wrap={false}>
      <Col flex="200px">{menu}</Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        {cards}
      </Col>
    </Row>
  );
}
