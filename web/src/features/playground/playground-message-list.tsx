import { CopyOutlined, RobotOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Empty, Flex, Spin, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../components/clipboard';
import type { PlaygroundMessage } from './playground-conversation';

function MessageBubble({ message }: { message: PlaygroundMessage }) {
  const { t } = useTranslation('playground');
  const mine = message.role === 'user';
  const failed = message.status === 'error';
  return (
    <Flex
      gap={8}
      justify={mine ? 'flex-end' : 'flex-start'}
      align="flex-start"
      data-testid={`playground-message-${message.role}`}
      data-status={message.status}
    >
      {mine ? null : <Avatar icon={<RobotOutlined />} />}
      <div
        style={{
          maxWidth: '80%',
          padding: '8px 12px',
          borderRadius: 12,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          background: mine
            ? 'rgba(99, 102, 241, 0.12)'
            : failed
              ? 'rgba(255, 77, 79, 0.08)'
              : 'rgba(127, 127, 127, 0.08)',
          border: failed ? '1px solid rgba(255, 77, 79, 0.5)' : '1px solid transparent',
        }}
      >
        {message.status === 'loading' ? (
          <Spin size="small" aria-label={t('states.loading')} />
        ) : (
          <Typography.Text type={failed ? 'danger' : undefined} data-testid="playground-message-content">
            {message.content}
            {message.status === 'incomplete' ? <span aria-label={t('states.incomplete')}> ▍</span> : null}
          </Typography.Text>
        )}
        {!mine && message.status === 'complete' ? (
          <Flex justify="flex-end">
            <Button
              size="small"
              type="text"
              icon={<CopyOutlined />}
              aria-label={t('chat.copy')}
              onClick={() => void copyText(message.content, { successMessage: t('chat.copied') })}
              data-testid="playground-copy"
            />
          </Flex>
        ) : null}
      </div>
      {mine ? <Avatar icon={<UserOutlined />} /> : null}
    </Flex>
  );
}

/** The conversation, newest at the bottom, following the stream as it grows. */
export function PlaygroundMessageList({ messages }: { messages: PlaygroundMessage[] }) {
  const { t } = useTranslation('playground');
  const end = useRef<HTMLDivElement>(null);
  const last = messages.at(-1);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, last?.content]);

  if (messages.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.empty')} />;
  return (
    <Flex vertical gap={16}>
      {messages.map((message) => (
        <MessageBubble key={message.id} message={message} />
      ))}
      <div ref={end} />
    </Flex>
  );
}
