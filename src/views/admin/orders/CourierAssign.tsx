// The courier of a delivery order: operators pick one of the active couriers or take the order
// back. The courier's page (../courier/CourierPage.tsx) shows it at once.
import { adminAssignCourier, adminListCouriers } from '../../../api/contract/admin/couriers';
import type { AdminOrderDetail } from '../../../api/contract/admin/orders';
import { useAdminAction, useAdminQuery, useCan } from '../data/hooks';
import { SelectField } from '../kit/fields';

const FINISHED = new Set(['Delivered', 'Closed', 'Cancelled']);

export function CourierAssign({
  order,
  onAssigned,
}: {
  order: AdminOrderDetail;
  onAssigned: (updated: AdminOrderDetail) => void;
}) {
  const canAssign = useCan(adminAssignCourier);
  const couriers = useAdminQuery(adminListCouriers, {}, { enabled: canAssign });
  const action = useAdminAction();
  if (order.deliveryMethod !== 'delivery') return null;
  const current = order.courier;
  if (!canAssign || FINISHED.has(order.status))
    return <p>Курьер: {current ? current.name || current.login : 'не назначен'}</p>;

  const assign = async (courierId: string) => {
    const result = await action.run(
      adminAssignCourier,
      { params: { id: order.id }, body: { courierId: courierId === '' ? null : courierId } },
      { success: courierId === '' ? 'Курьер снят с заказа' : 'Курьер назначен' },
    );
    if (result.ok) onAssigned(result.value);
  };
  const list = couriers.data?.couriers ?? [];
  // the assigned courier stays selectable even when disabled since
  const options = current && !list.some((c) => c.id === current.id) ? [current, ...list] : list;
  return (
    <SelectField
      label="Курьер"
      value={current?.id ?? ''}
      onChange={(id) => void assign(id)}
      empty="не назначен"
      options={options.map((c) => ({ value: c.id, label: c.name || c.login }))}
    />
  );
}
