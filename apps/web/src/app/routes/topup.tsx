// /main/recharge (docs/product/top-up.md#top-up-screen): the top-up journey of features/topup under
// the game's banner of features/content.
import { useTranslation } from 'react-i18next';
import { GameBanner } from '../../features/content/components/game-banner';
import { TopupPage } from '../../features/topup/components/topup-page';

export function Component() {
  const { t } = useTranslation();
  return <TopupPage banner={<GameBanner title={t('routes.recharge')} />} />;
}
