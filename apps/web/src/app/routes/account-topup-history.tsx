// /main/account/recharge (docs/product/account.md#top-up-history): the top-up history.
import { TopupHistoryPage } from '../../features/account/components/topup-history-page';

export function Component() {
  return <TopupHistoryPage />;
}
