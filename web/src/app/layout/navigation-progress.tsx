import { theme } from 'antd';
import { useNavigation } from 'react-router';

/** A thin bar along the top edge while the next page's code loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const { token } = theme.useToken();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-busy="true"
      className="navigation-progress"
      style={{ background: token.colorPrimary }}
    />
  );
}
