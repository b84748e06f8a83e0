// /main/recharge/detail/:id (SPEC §2 Order status screen): one order's status and actions.
import { useParams } from 'react-router';
import { OrderDetailPage } from '../../features/topup/components/order-detail-page';

export function Component() {
  const { id = '' } = useParams();
  return <OrderDetailPage sdkOrderId={id} />;
}
