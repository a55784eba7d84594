import { Button, Flex, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import NotFoundPage from './not-found-page';

// After a deploy, an open tab may ask for a page chunk whose hashed name no longer exists.
const isStaleChunk = (error: unknown): boolean =>
  error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);

/** The error element of the route tree: a failed page render or a failed page download. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <Flex justify="center" style={{ padding: 48 }}>
      <Result
        status="error"
        title={t('routeError.title')}
        subTitle={isStaleChunk(error) ? t('routeError.outdated') : t('routeError.description')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('actions.reload')}
          </Button>
        }
      >
        {detail ? <Typography.Text type="secondary">{detail}</Typography.Text> : null}
      </Result>
    </Flex>
  );
}

/** Shown while the first page's code downloads. */
export function RouteLoading() {
  return (
    <Flex style={{ minHeight: '60vh' }} justify="center" align="center">
      <Spin size="large" delay={200} />
    </Flex>
  );
}
