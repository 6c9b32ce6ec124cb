// The coupons: a list with usage against the limits, validity, cities and method, switched on and
// off in place; a row opens its editor.
import { useState } from 'react';
import {
  adminCreateCoupon,
  adminListCoupons,
  adminUpdateCoupon,
  type AdminCoupon,
} from '../../../api/contract/admin/promo';
import { useAdminAction, useAdminQuery, useCan } from '../data/hooks';
import { useReference } from '../data/reference';
import { AddButton, AdminTable, OnOffBadge } from '../kit/lists';
import { QueryView, formatDateTime, formatMoney } from '../ui';
import { CouponEditor } from './CouponEditor';
import s from '../admin.module.css';
import { ActionButton } from '../kit/ActionButton';

function discountText(c: AdminCoupon): string {
  return c.kind === 'percent' ? `${c.value} %` : formatMoney(c.value);
}

export function CouponsTab() {
  const list = useAdminQuery(adminListCoupons);
  const ref = useReference();
  const action = useAdminAction();
  const canEdit = useCan(adminUpdateCoupon);
  const canCreate = useCan(adminCreateCoupon);
  const [editing, setEditing] = useState<string | null>(null);
  const done = () => {
    setEditing(null);
    list.reload();
  };
  const toggle = async (c: AdminCoupon) => {
    const result = await action.run(
      adminUpdateCoupon,
      { params: { code: c.code }, body: { isActive: !c.isActive } },
      { success: c.isActive ? `Промокод ${c.code} отключён` : `Промокод ${c.code} включён` },
    );
    if (result.ok) list.replace((d) => ({ coupons: d.coupons.map((x) => (x.code === c.code ? result.value : x)) }));
  };
  if (editing !== null) {
    const coupon = editing === 'new' ? null : list.data?.coupons.find((c) => c.code === editing);
    if (coupon !== undefined) return <CouponEditor key={editing} coupon={coupon} onDone={done} />;
  }
  return (
    <>
      <AddButton can={canCreate} label="Новый промокод" onClick={() => setEditing('new')} />
      <QueryView query={list}>
        {(data) => (
          <AdminTable
            label="Промокоды"
            belowButton
            columns={[
              'Код',
              'Скидка',
              'От суммы',
              'Срок',
              'Города',
              'Способ',
              { label: 'Использован', num: true },
              'Состояние',
              '',
            ]}
          >
            {data.coupons.map((c) => (
              <tr key={c.code}>
                <td>
                  <button type="button" className={s.listButton} onClick={() => setEditing(c.code)}>
                    <strong>{c.code}</strong>
                  </button>
                  <div className={s.muted}>{c.title}</div>
                </td>
                <td>{discountText(c)}</td>
                <td>{formatMoney(c.minSum)}</td>
                <td>
                  {c.validFrom ? `с ${formatDateTime(c.validFrom)}` : ''}{' '}
                  {c.validTo ? `до ${formatDateTime(c.validTo)}` : ''}
                  {!c.validFrom && !c.validTo ? 'бессрочно' : ''}
                </td>
                <td>{c.cityIds.length === 0 ? 'все' : c.cityIds.map(ref.cityName).join(', ')}</td>
                <td>
                  {c.deliveryMethod === null ? 'любой' : c.deliveryMethod === 'delivery' ? 'доставка' : 'самовывоз'}
                </td>
                <td className={s.num}>
                  {c.usedCount}
                  {c.usageLimit !== null ? ` / ${c.usageLimit}` : ''}
                  {c.perUserLimit !== null ? <div className={s.muted}>на клиента {c.perUserLimit}</div> : null}
                </td>
                <td>
                  <OnOffBadge on={c.isActive} onText="действует" offText="отключён" />
                </td>
                <td>
                  {canEdit ? (
                    <ActionButton
                      look={c.isActive ? 'danger' : 'secondary'}
                      pending={action.pending}
                      run={() => toggle(c)}
                    >
                      {c.isActive ? 'Отключить' : 'Включить'}
                    </ActionButton>
                  ) : null}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </QueryView>
    </>
  );
}
