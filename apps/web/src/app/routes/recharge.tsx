// Placeholder for the recharge screen (SPEC §2); a later issue builds the real page.
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/ui/placeholder-page';

export function Component() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('routes.recharge')} />;
}
