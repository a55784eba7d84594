import { Typography } from 'antd';
import { Link } from 'react-router';
import { useBranding } from '../../api/resources/status';

/** Logo and system name from the status, linking home. */
export function Brand({ showName }: { showName: boolean }) {
  const { systemName, logo } = useBranding();
  return (
    <Link to="/" style={{ display: 'flex', alignItems: 'center', gap: 10, flexShrink: 0 }} data-testid="brand">
      <img src={logo} alt={systemName} width={32} height={32} style={{ borderRadius: 8, objectFit: 'contain' }} />
      {showName ? (
        <Typography.Text strong style={{ fontSize: 17, whiteSpace: 'nowrap' }}>
          {systemName}
        </Typography.Text>
      ) : null}
    </Link>
  );
}
