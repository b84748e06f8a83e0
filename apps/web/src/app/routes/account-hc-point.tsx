// /main/account/epoint (docs/product/hc-point.md#hc-point-record): the HC Point record.
import { HcPointRecordPage } from '../../features/account/components/hc-point-record-page';

export function Component() {
  return <HcPointRecordPage />;
}
