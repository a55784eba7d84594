import { Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBranding, useStatus } from '../../api/resources/status';
import { SanitizedHtml } from '../../components/sanitized-html';

/** "v0.1.0" whether or not the server already put the "v" in. */
export function versionLabel(version: string): string {
  if (!version) return '';
  return version.startsWith('v') ? version : `v${version}`;
}

/** The administrator's footer (sanitised), else the version and credits. */
export function SiteFooter() {
  const { t } = useTranslation('layout');
  const status = useStatus();
  const { systemName } = useBranding();

  return (
    <Layout.Footer
      style={{ textAlign: 'center', padding: '16px 24px', background: 'transparent' }}
      data-testid="footer"
    >
      {status.footer_html ? (
        <SanitizedHtml html={status.footer_html} className="footer-html" />
      ) : (
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {systemName} · {t('footer.poweredBy', { version: versionLabel(status.version) })} ·{' '}
          {t('footer.compatibility')}
        </Typography.Text>
      )}
    </Layout.Footer>
  );
}
