import { ClearOutlined, RedoOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Card, Col, Flex, Input, Row, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../api/session';
import { useIsMobile } from '../../app/layout/use-is-mobile';
import { PageFrame } from '../../components/page-frame';
import { DEFAULT_PLAYGROUND_MODEL } from '../token/usable-options';
import { DEFAULT_SYSTEM_PROMPT, DEFAULT_TEMPERATURE, type PlaygroundSettings } from './playground-conversation';
import { PlaygroundMessageList } from './playground-message-list';
import { PlaygroundSettingsPanel } from './playground-settings-panel';
import { usePlayground } from './use-playground';

/** /playground: chat with a model through the gateway, billed to the signed-in user (spec 001 Playground). */
export default function PlaygroundPage() {
  const { t } = useTranslation('playground');
  const user = useSessionUser();
  const [settings, setSettings] = useState<PlaygroundSettings>(() => ({
    group: user?.group ?? '',
    model: DEFAULT_PLAYGROUND_MODEL,
    temperature: DEFAULT_TEMPERATURE,
    maxTokens: null,
    systemPrompt: DEFAULT_SYSTEM_PROMPT,
  }));
  const [draft, setDraft] = useState('');
  const { messages, busy, send, regenerate, stop, clear } = usePlayground(settings);
  const mobile = useIsMobile();
  const canRegenerate = !busy && messages.some((message) => message.role === 'user');

  const submit = () => {
    if (busy || draft.trim() === '') return;
    void send(draft);
    setDraft('');
  };

  return (
    <PageFrame title={t('title')} summary={t('summary')}>
      <Row gutter={[16, 16]}>
        {/* On a phone the conversation comes first and the settings below it. */}
        <Col xs={{ span: 24, order: 2 }} lg={{ span: 7, order: 1 }} xl={{ span: 6, order: 1 }}>
          <PlaygroundSettingsPanel
            settings={settings}
            onChange={(patch) => setSettings((current) => ({ ...current, ...patch }))}
          />
        </Col>
        <Col xs={{ span: 24, order: 1 }} lg={{ span: 17, order: 2 }} xl={{ span: 18, order: 2 }}>
          <Card
            variant="borderless"
            title={t('chat.title')}
            extra={
              <Space size={4} wrap>
                <Button
                  icon={<RedoOutlined />}
                  onClick={() => void regenerate()}
                  disabled={!canRegenerate}
                  data-testid="playground-regenerate"
                >
                  {t('chat.regenerate')}
                </Button>
                <Button
                  icon={<ClearOutlined />}
                  onClick={clear}
                  disabled={messages.length === 0}
                  data-testid="playground-clear"
                >
                  {t('chat.clear')}
                </Button>
              </Space>
            }
          >
            <Flex vertical gap={16}>
              {/* The conversation takes the height the window leaves (the page's title, the card's head and the input). */}
              <div
                style={{
                  height: mobile ? 'calc(100dvh - 400px)' : 'calc(100vh - 350px)',
                  minHeight: 280,
                  overflowY: 'auto',
                  paddingRight: 4,
                }}
                data-testid="playground-messages"
              >
                <PlaygroundMessageList messages={messages} />
              </div>
              <Flex gap={8} align="flex-end">
                <Input.TextArea
                  value={draft}
                  onChange={(event) => setDraft(event.target.value)}
                  onPressEnter={(event) => {
                    if (event.shiftKey || event.nativeEvent.isComposing) return;
                    event.preventDefault();
                    submit();
                  }}
                  autoSize={{ minRows: 1, maxRows: 6 }}
                  placeholder={t('chat.placeholder')}
                  data-testid="playground-input"
                />
                {busy ? (
                  <Button danger icon={<StopOutlined />} onClick={stop} data-testid="playground-stop">
                    {t('chat.stop')}
                  </Button>
                ) : (
                  <Button
                    type="primary"
                    icon={<SendOutlined />}
                    onClick={submit}
                    disabled={draft.trim() === ''}
                    data-testid="playground-send"
                  >
                    {t('chat.send')}
                  </Button>
                )}
              </Flex>
            </Flex>
          </Card>
        </Col>
      </Row>
    </PageFrame>
  );
}
