// /main/recharge (docs/product/top-up.md#top-up-screen): the top-up journey of features/topup.
import { TopupPage } from '../../features/topup/components/topup-page';

export function Component() {
  return <TopupPage />;
}
