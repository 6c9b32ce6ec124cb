// Per-restaurant stop list: what a restaurant cannot cook now. Each toggle is one
// PUT; the server bumps the catalogue version, so open storefronts drop the product within one
// version check (PRODUCT.md §9, 60 s) or at once over their WebSocket.
import { useMemo, useState } from 'react';
import { adminGetMenu, adminGetStopList, adminToggleStopList } from '../../../api/contract/admin/menu';
import { useAdminAction, useAdminQuery, useCan } from '../data/hooks';
import { useReference } from '../data/reference';
import { CheckField, SelectField, TextField } from '../kit/fields';
import { PageHead, QueryView, cx } from '../ui';
import s from '../admin.module.css';

export default function StopListPage() {
  const ref = useReference();
  const menu = useAdminQuery(adminGetMenu);
  const stop = useAdminQuery(adminGetStopList);
  const action = useAdminAction();
  const canToggle = useCan(adminToggleStopList);
  const [terminal, setTerminal] = useState('');
  const [search, setSearch] = useState('');
  const [onlyStopped, setOnlyStopped] = useState(false);
  const restaurantId = terminal || ref.restaurants[0]?.deliveryTerminalId || '';

  const stopped = useMemo(() => {
    const entry = stop.data?.stopList.find((e) => e.deliveryTerminalId === restaurantId);
    return new Set(entry?.items.map((i) => i.productId) ?? []);
  }, [stop.data, restaurantId]);

  const toggle = async (productId: string, name: string, next: boolean) => {
    const result = await action.run(
      adminToggleStopList,
      { params: { deliveryTerminalId: restaurantId, productId }, body: { stopped: next } },
      { success: next ? `«${name}» в стоп-листе` : `«${name}» снова в продаже` },
    );
    if (!result.ok) return;
    stop.replace((data) => {
      const others = data.stopList.filter((e) => e.deliveryTerminalId !== restaurantId);
      const items = (data.stopList.find((e) => e.deliveryTerminalId === restaurantId)?.items ?? []).filter(
        (i) => i.productId !== productId,
      );
      if (result.value.stopped) items.push({ productId, balance: 0 });
      return { stopList: [...others, { deliveryTerminalId: restaurantId, items }] };
    });
  };

  return (
    <section>
      <PageHead title="Стоп-лист" onReload={stop.reload} />
      <div className={s.filters}>
        <SelectField label="Ресторан" value={restaurantId} onChange={setTerminal}>
          {ref.cities.map((c) => (
            <optgroup key={c.id} label={c.name}>
              {ref.restaurants
                .filter((r) => r.cityId === c.id)
                .map((r) => (
                  <option key={r.deliveryTerminalId} value={r.deliveryTerminalId}>
                    {r.name}
                    {r.isActive ? '' : ' (не работает)'}
                  </option>
                ))}
            </optgroup>
          ))}
        </SelectField>
        <TextField label="Поиск" type="search" value={search} onChange={setSearch} />
        <CheckField label="Только в стоп-листе" checked={onlyStopped} onChange={setOnlyStopped} />
      </div>
      <QueryView query={menu}>
        {(data) => {
          const needle = search.trim().toLowerCase();
          const groups = data.groups.filter((g) => !g.isGroupModifier).sort((a, b) => a.order - b.order);
          return (
            <>
              <p className={s.muted}>
                В стоп-листе: {stopped.size}. Отмеченные товары ресторан сейчас не готовит: на сайте их нельзя заказать
                из этого ресторана.
              </p>
              {groups.map((group) => {
                const products = data.products
                  .filter((p) => p.parentGroup === group.id)
                  .filter((p) => needle === '' || p.name.toLowerCase().includes(needle))
                  .filter((p) => !onlyStopped || stopped.has(p.id))
                  .sort((a, b) => a.order - b.order);
                if (products.length === 0) return null;
                return (
                  <div key={group.id} className={s.panel}>
                    <h2 className={s.dialogTitle}>{group.name}</h2>
                    <ul className={s.gridList}>
                      {products.map((p) => (
                        <li key={p.id} className={s.listItem}>
                          <label className={s.check}>
                            <input
                              type="checkbox"
                              checked={stopped.has(p.id)}
                              disabled={!canToggle || restaurantId === '' || action.pending}
                              onChange={(e) => void toggle(p.id, p.name, e.target.checked)}
                              aria-label={`${p.name}: в стоп-листе`}
                            />
                            {p.name}
                          </label>
                          {stopped.has(p.id) ? (
                            <span className={cx(s.badge, s.badgeBad)}>стоп</span>
                          ) : (
                            <span className={cx(s.badge, s.badgeOk)}>в продаже</span>
                          )}
                        </li>
                      ))}
                    </ul>
                  </div>
                );
              })}
            </>
          );
        }}
      </QueryView>
    </section>
  );
}
