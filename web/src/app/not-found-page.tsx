import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../components/use-document-title';
import { BackHomeResult } from './back-home-result';

/** Any path no route claims. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return <BackHomeResult status="404" title={t('notFound.title')} description={t('notFound.description')} />;
}
