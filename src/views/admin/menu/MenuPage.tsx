// Menu: groups and products. The group tree on the left, the products of the
// chosen group on the right; a product or group opens its editor (/admin/menu/products/:id,
// /admin/menu/groups/:id). Every save bumps the catalogue version on the server, so open
// storefronts pick the change up within one version check (PRODUCT.md §9, 60 s).
import { useState } from 'react';
import { useLocation, useRoute } from 'wouter';
import type { z } from 'zod/mini';
import {
  adminCreateGroup,
  adminCreateProduct,
  adminGetMenu,
  type AdminGroup,
  type AdminProduct,
} from '../../../api/contract/admin/menu';
import { useAdminQuery, useCan } from '../data/hooks';
import { PageHead, QueryView, cx, formatMoney } from '../ui';
import { OnOffBadge } from '../kit/lists';
import { GroupEditor } from './GroupEditor';
import { ProductEditor } from './ProductEditor';
import s from '../admin.module.css';

/** The menu as loaded: groups, products and the catalogue version. */
type LoadedMenu = z.output<NonNullable<(typeof adminGetMenu)['response']>>;

/** The list with `saved` in place of the entry with its id (or added at the end). */
function putById<T extends { id: string }>(list: readonly T[], saved: T): T[] {
  return [...list.filter((x) => x.id !== saved.id), saved];
}

/** The list without the entry with this id. */
function dropById<T extends { id: string }>(list: readonly T[], id: string): T[] {
  return list.filter((x) => x.id !== id);
}

/** Groups in tree order: each parent followed by its children, with their depth. */
export function groupTree(groups: readonly AdminGroup[]): { group: AdminGroup; depth: number }[] {
  const byParent = new Map<string | null, AdminGroup[]>();
  const ids = new Set(groups.map((g) => g.id));
  for (const g of groups) {
    const parent = g.parentGroup !== null && ids.has(g.parentGroup) ? g.parentGroup : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), g]);
  }
  const out: { group: AdminGroup; depth: number }[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const g of [...(byParent.get(parent) ?? [])].sort(
      (a, b) => a.order - b.order || a.name.localeCompare(b.name, 'ru'),
    )) {
      out.push({ group: g, depth });
      if (depth < 10) walk(g.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

function ProductsTable({
  products,
  groups,
  onOpen,
}: {
  products: readonly AdminProduct[];
  groups: readonly AdminGroup[];
  onOpen: (id: string) => void;
}) {
  if (products.length === 0) return <p className={s.empty}>В группе нет товаров.</p>;
  return (
    <table className={s.table} aria-label="Товары">
      <thead>
        <tr>
          <th />
          <th>Название</th>
          <th className={s.num}>Цена</th>
          <th className={s.num}>Вес</th>
          <th>Порядок</th>
          <th>Видимость</th>
        </tr>
      </thead>
      <tbody>
        {products.map((p) => (
          <tr key={p.id} className={s.rowLink} onClick={() => onOpen(p.id)}>
            <td>
              {p.imageUrl ? (
                <img
                  src={`${p.imageUrl}?w=200`}
                  alt=""
                  width={48}
                  height={48}
                  style={{ objectFit: 'cover', borderRadius: 6 }}
                />
              ) : null}
            </td>
            <td>
              <a href={`/admin/menu/products/${encodeURIComponent(p.id)}`} onClick={(e) => e.preventDefault()}>
                {p.name}
              </a>
              <div className={s.muted}>
                {groups.find((g) => g.id === p.parentGroup)?.name ?? p.parentGroup} · {p.code || p.id}
              </div>
            </td>
            <td className={s.num}>
              {formatMoney(p.price)}
              {p.oldPrice ? <div className={s.muted}>было {formatMoney(p.oldPrice)}</div> : null}
            </td>
            <td className={s.num}>{p.weight ?? '—'}</td>
            <td>{p.order}</td>
            <td>
              <OnOffBadge on={p.isVisible} onText="на сайте" offText="скрыт" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function MenuPage() {
  const menu = useAdminQuery(adminGetMenu);
  const [, navigate] = useLocation();
  const [, productRoute] = useRoute<{ id: string }>('/products/:id');
  const [, groupRoute] = useRoute<{ id: string }>('/groups/:id');
  const [selected, setSelected] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const canCreateProduct = useCan(adminCreateProduct);
  const canCreateGroup = useCan(adminCreateGroup);
  const productId = productRoute?.id ? decodeURIComponent(productRoute.id) : null;
  const groupId = groupRoute?.id ? decodeURIComponent(groupRoute.id) : null;
  /**
   * After an editor saves or deletes: the loaded menu takes the change as it is (no re-read) and
   * the page goes back to the tree, showing `group` (left as it was when not given).
   */
  const backToTree = (change: (current: LoadedMenu) => LoadedMenu, group?: string | null) => {
    menu.replace(change);
    if (group !== undefined) setSelected(group);
    navigate('/');
  };

  return (
    <section>
      <PageHead title="Меню">
        {canCreateGroup ? (
          <button type="button" className={cx(s.button, s.secondary)} onClick={() => navigate('/groups/new')}>
            Новая группа
          </button>
        ) : null}
        {canCreateProduct ? (
          <button type="button" className={s.button} onClick={() => navigate('/products/new')}>
            Новый товар
          </button>
        ) : null}
      </PageHead>
      <QueryView query={menu}>
        {(data) => {
          if (productId !== null) {
            const product = productId === 'new' ? null : (data.products.find((p) => p.id === productId) ?? undefined);
            if (product === undefined) return <p className={s.empty}>Товар не найден.</p>;
            return (
              <ProductEditor
                key={productId}
                product={product}
                menu={data}
                defaultGroup={selected}
                onSaved={(saved) =>
                  backToTree((m) => ({ ...m, products: putById(m.products, saved) }), saved.parentGroup)
                }
                onDeleted={(id) => backToTree((m) => ({ ...m, products: dropById(m.products, id) }))}
                onClose={() => navigate('/')}
              />
            );
          }
          if (groupId !== null) {
            const group = groupId === 'new' ? null : (data.groups.find((g) => g.id === groupId) ?? undefined);
            if (group === undefined) return <p className={s.empty}>Группа не найдена.</p>;
            return (
              <GroupEditor
                key={groupId}
                group={group}
                groups={data.groups}
                onSaved={(saved) => backToTree((m) => ({ ...m, groups: putById(m.groups, saved) }), saved.id)}
                onDeleted={(id) => backToTree((m) => ({ ...m, groups: dropById(m.groups, id) }), null)}
                onClose={() => navigate('/')}
              />
            );
          }
          const tree = groupTree(data.groups);
          const current = selected ?? tree[0]?.group.id ?? null;
          const needle = search.trim().toLowerCase();
          const products = data.products
            .filter((p) =>
              needle !== ''
                ? p.name.toLowerCase().includes(needle) || p.code.toLowerCase().includes(needle)
                : p.parentGroup === current,
            )
            .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name, 'ru'));
          const currentGroup = data.groups.find((g) => g.id === current);
          return (
            <div className={s.split}>
              <nav className={s.panel} aria-label="Группы меню">
                <ul className={s.list}>
                  {tree.map(({ group, depth }) => (
                    <li
                      key={group.id}
                      className={cx(s.listItem, group.id === current && needle === '' && s.selected)}
                      style={{ paddingLeft: 12 + depth * 16 }}
                    >
                      <button
                        type="button"
                        className={s.listButton}
                        onClick={() => (setSelected(group.id), setSearch(''))}
                      >
                        {group.name}
                        {!group.isVisible ? <span className={s.muted}> (скрыта)</span> : null}
                        {group.isGroupModifier ? <span className={s.muted}> (модификаторы)</span> : null}
                      </button>
                      <span className={s.muted}>{data.products.filter((p) => p.parentGroup === group.id).length}</span>
                    </li>
                  ))}
                </ul>
              </nav>
              <div>
                <div className={s.filters}>
                  <input
                    type="search"
                    className={s.input}
                    style={{ maxWidth: 320 }}
                    placeholder="Поиск по всем товарам"
                    aria-label="Поиск товара"
                    value={search}
                    onChange={(e) => setSearch(e.target.value)}
                  />
                  {currentGroup && needle === '' ? (
                    <button
                      type="button"
                      className={cx(s.button, s.secondary)}
                      onClick={() => navigate(`/groups/${encodeURIComponent(currentGroup.id)}`)}
                    >
                      Группа «{currentGroup.name}»
                    </button>
                  ) : null}
                  <span className={s.muted}>Версия каталога: {data.version}</span>
                </div>
                <ProductsTable
                  products={products}
                  groups={data.groups}
                  onOpen={(id) => navigate(`/products/${encodeURIComponent(id)}`)}
                />
              </div>
            </div>
          );
        }}
      </QueryView>
    </section>
  );
}
