// /main/account/epoint (docs/product/hc-point.md#hc-point-record): the HC Point record.
import { EpointRecordPage } from '../../features/account/components/epoint-record-page';

export function Component() {
  return <EpointRecordPage />;
}
