// Placeholder for the eventDetail screen (SPEC §2, /:id); a later issue builds the real page.
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/ui/placeholder-page';

export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return <PlaceholderPage title={t('routes.eventDetail')} detail={`#${id}`} />;
}
