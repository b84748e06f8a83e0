// /main/account/recharge (docs/product/account.md#top-up-history): the top-up history.
import { RechargeRecordPage } from '../../features/account/components/recharge-record-page';

export function Component() {
  return <RechargeRecordPage />;
}
