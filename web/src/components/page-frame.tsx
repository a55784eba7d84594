import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title';

export interface PageFrameProps {
  title: string;
  summary?: ReactNode;
  /** Buttons and filters shown at the right of the title. */
  extra?: ReactNode;
  children?: ReactNode;
}

/** The heading every console page starts with; also names the browser tab. */
export function PageFrame({ title, summary, extra, children }: PageFrameProps) {
  useDocumentTitle(title);
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="flex-end" wrap gap={12}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {summary ? (
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
              {summary}
            </Typography.Text>
          ) : null}
        </div>
        {extra}
      </Flex>
      {children}
    </Flex>
  );
}
