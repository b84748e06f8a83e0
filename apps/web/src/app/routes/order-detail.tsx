// /main/recharge/detail/:id (docs/product/top-up.md#order-status-screen): one order's status and actions.
import { useParams } from 'react-router';
import { OrderDetailPage } from '../../features/topup/components/order-detail-page';

export function Component() {
  const { id = '' } = useParams();
  return <OrderDetailPage sdkOrderId={id} />;
}
