// /main/account/recharge (SPEC §2, §3 Order record row): the top-up history.
import { RechargeRecordPage } from '../../features/account/components/recharge-record-page';

export function Component() {
  return <RechargeRecordPage />;
}
