// /main/account/epoint (SPEC §2, §3 HC Point record row): the HC Point record.
import { EpointRecordPage } from '../../features/account/components/epoint-record-page';

export function Component() {
  return <EpointRecordPage />;
}
