// /main/recharge (SPEC §2 Top-up screen): the top-up journey of features/topup.
import { TopupPage } from '../../features/topup/components/topup-page';

export function Component() {
  return <TopupPage />;
}
