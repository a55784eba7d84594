import { Card, Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useBranding } from '../../api/resources/status';
import { useDocumentTitle } from '../../components/use-document-title';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** The centred card that sign-in, sign-up and password-reset screens share. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  const { token } = theme.useToken();
  const { logo } = useBranding();
  useDocumentTitle(title);
  return (
    <Flex justify="center" align="flex-start" style={{ padding: '48px 16px 24px' }}>
      <Card
        style={{ width: '100%', maxWidth: 420, boxShadow: token.boxShadowTertiary }}
        styles={{ body: { padding: '32px 32px 24px' } }}
      >
        <Flex vertical align="center" gap={8} style={{ marginBottom: 24 }}>
          <img src={logo} alt="" width={48} height={48} style={{ borderRadius: 12 }} />
          <Typography.Title level={3} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {subtitle ? <Typography.Text type="secondary">{subtitle}</Typography.Text> : null}
        </Flex>
        {children}
      </Card>
    </Flex>
  );
}
