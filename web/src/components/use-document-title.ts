import { useEffect } from 'react';
import { useBranding } from '../api/resources/status';

/** Sets the browser tab title to "<page> - <system name>". */
export function useDocumentTitle(pageTitle: string | undefined): void {
  const { systemName } = useBranding();
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} - ${systemName}` : systemName;
  }, [pageTitle, systemName]);
}
