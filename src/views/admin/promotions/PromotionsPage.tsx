// Promotions: coupons (create, edit, disable; usage against its limits, validity,
// cities, delivery or pickup only), the snack and pizza gifts, and the bonus rules (the settings
// BONUS_ACCRUAL_PERCENT and BONUS_SPEND_CAP).
import { useState, type FormEvent } from 'react';
import {
  adminCreateCoupon,
  adminListCoupons,
  adminListPromotions,
  adminUpdateCoupon,
  adminUpdatePromotion,
  type AdminCoupon,
} from '../../../api/contract/admin/promo';
import { adminListSettings, type AdminSetting } from '../../../api/contract/admin/settings';
import { useAdminAction, useAdminQuery, useCan } from '../data/hooks';
import { useReference } from '../data/reference';
import { parseInteger } from '../menu/forms';
import { SettingField } from '../settings/SettingField';
import { Field, PageHead, QueryView, cx, formatDateTime, formatMoney } from '../ui';
import s from '../admin.module.css';

/** ISO instant → the value of a datetime-local input in the browser's zone. */
export function isoToLocalInput(iso: string | null): string {
  if (iso === null) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
export function localInputToIso(value: string): string | null {
  if (value === '') return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

function discountText(c: AdminCoupon): string {
  return c.kind === 'percent' ? `${c.value} %` : formatMoney(c.value);
}

const NO_METHOD: '' | 'delivery' | 'self' = '';

function CouponEditor({ coupon, onDone }: { coupon: AdminCoupon | null; onDone: () => void }) {
  const ref = useReference();
  const action = useAdminAction();
  const canEdit = useCan(coupon === null ? adminCreateCoupon : adminUpdateCoupon);
  const [f, setF] = useState({
    code: coupon?.code ?? '',
    title: coupon?.title ?? '',
    kind: coupon?.kind ?? ('percent' as AdminCoupon['kind']),
    value: String(coupon?.value ?? ''),
    minSum: String(coupon?.minSum ?? 0),
    validFrom: isoToLocalInput(coupon?.validFrom ?? null),
    validTo: isoToLocalInput(coupon?.validTo ?? null),
    cityIds: coupon?.cityIds ?? [],
    usageLimit: coupon?.usageLimit != null ? String(coupon.usageLimit) : '',
    perUserLimit: coupon?.perUserLimit != null ? String(coupon.perUserLimit) : '',
    deliveryMethod: coupon?.deliveryMethod ?? NO_METHOD,
    isActive: coupon?.isActive ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof f>(k: K, v: (typeof f)[K]) => setF((x) => ({ ...x, [k]: v }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    const value = parseInteger(f.value, { min: 1, max: f.kind === 'percent' ? 100 : 1_000_000 });
    const minSum = parseInteger(f.minSum);
    const usageLimit = parseInteger(f.usageLimit, { min: 1, max: 100_000_000 });
    const perUserLimit = parseInteger(f.perUserLimit, { min: 1, max: 100_000_000 });
    const validFrom = localInputToIso(f.validFrom);
    const validTo = localInputToIso(f.validTo);
    if (coupon === null && !/^[A-Za-z0-9_-]{1,64}$/.test(f.code.trim()))
      problems.code = 'Латинские буквы, цифры, _ и -';
    if (value === null || value === undefined)
      problems.value = f.kind === 'percent' ? 'Процент от 1 до 100' : 'Сумма в рублях от 1';
    if (minSum === null || minSum === undefined) problems.minSum = 'Целое число рублей';
    if (usageLimit === undefined) problems.usageLimit = 'Целое число от 1 или пусто';
    if (perUserLimit === undefined) problems.perUserLimit = 'Целое число от 1 или пусто';
    if (validFrom !== null && validTo !== null && validFrom >= validTo)
      problems.validTo = 'Окончание должно быть позже начала';
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const body = {
      title: f.title.trim(),
      kind: f.kind,
      value: value ?? 1,
      minSum: minSum ?? 0,
      validFrom,
      validTo,
      cityIds: f.cityIds,
      usageLimit: usageLimit ?? null,
      perUserLimit: perUserLimit ?? null,
      deliveryMethod: f.deliveryMethod === '' ? null : f.deliveryMethod,
      isActive: f.isActive,
    };
    const result =
      coupon === null
        ? await action.run(
            adminCreateCoupon,
            { body: { ...body, code: f.code.trim() } },
            { success: 'Промокод создан' },
          )
        : await action.run(
            adminUpdateCoupon,
            { params: { code: coupon.code }, body },
            { success: 'Промокод сохранён' },
          );
    if (result.ok) onDone();
  };
  return (
    <form className={s.panel} onSubmit={(e) => void submit(e)} noValidate aria-label="Промокод">
      <PageHead title={coupon === null ? 'Новый промокод' : `Промокод ${coupon.code}`} />
      {coupon ? (
        <p className={s.muted}>
          Использован: {coupon.usedCount}
          {coupon.usageLimit !== null ? ` из ${coupon.usageLimit}` : ''} (не считая отменённых заказов)
        </p>
      ) : null}
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
        <div className={s.grid3}>
          {coupon === null ? (
            <Field label="Код" error={errors.code} hint="Сохраняется заглавными буквами">
              {(id) => (
                <input id={id} className={s.input} value={f.code} onChange={(e) => set('code', e.target.value)} />
              )}
            </Field>
          ) : null}
          <Field label="Название">
            {(id) => (
              <input id={id} className={s.input} value={f.title} onChange={(e) => set('title', e.target.value)} />
            )}
          </Field>
          <Field label="Скидка">
            {(id) => (
              <select
                id={id}
                className={s.select}
                value={f.kind}
                onChange={(e) => set('kind', e.target.value === 'fixed' ? 'fixed' : 'percent')}
              >
                <option value="percent">процент от товаров</option>
                <option value="fixed">рублей от товаров</option>
              </select>
            )}
          </Field>
          <Field label={f.kind === 'percent' ? 'Размер, %' : 'Размер, ₽'} error={errors.value}>
            {(id) => (
              <input
                id={id}
                className={s.input}
                inputMode="numeric"
                value={f.value}
                onChange={(e) => set('value', e.target.value)}
              />
            )}
          </Field>
          <Field label="Минимальная сумма, ₽" error={errors.minSum}>
            {(id) => (
              <input
                id={id}
                className={s.input}
                inputMode="numeric"
                value={f.minSum}
                onChange={(e) => set('minSum', e.target.value)}
              />
            )}
          </Field>
          <Field label="Способ получения">
            {(id) => (
              <select
                id={id}
                className={s.select}
                value={f.deliveryMethod}
                onChange={(e) =>
                  set(
                    'deliveryMethod',
                    e.target.value === 'delivery' || e.target.value === 'self' ? e.target.value : '',
                  )
                }
              >
                <option value="">доставка и самовывоз</option>
                <option value="delivery">только доставка</option>
                <option value="self">только самовывоз</option>
              </select>
            )}
          </Field>
          <Field label="Действует с">
            {(id) => (
              <input
                id={id}
                type="datetime-local"
                className={s.input}
                value={f.validFrom}
                onChange={(e) => set('validFrom', e.target.value)}
              />
            )}
          </Field>
          <Field label="Действует до" error={errors.validTo}>
            {(id) => (
              <input
                id={id}
                type="datetime-local"
                className={s.input}
                value={f.validTo}
                onChange={(e) => set('validTo', e.target.value)}
              />
            )}
          </Field>
          <Field label="Всего использований" error={errors.usageLimit} hint="Пусто — без ограничения">
            {(id) => (
              <input
                id={id}
                className={s.input}
                inputMode="numeric"
                value={f.usageLimit}
                onChange={(e) => set('usageLimit', e.target.value)}
              />
            )}
          </Field>
          <Field label="На одного клиента" error={errors.perUserLimit} hint="Пусто — без ограничения">
            {(id) => (
              <input
                id={id}
                className={s.input}
                inputMode="numeric"
                value={f.perUserLimit}
                onChange={(e) => set('perUserLimit', e.target.value)}
              />
            )}
          </Field>
        </div>
        <fieldset style={{ border: 0, padding: 0, margin: '0 0 12px' }}>
          <legend className={s.label}>Города (ни одного — все города)</legend>
          {ref.cities.map((c) => (
            <label key={c.id} className={s.check}>
              <input
                type="checkbox"
                checked={f.cityIds.includes(c.id)}
                onChange={(e) =>
                  set('cityIds', e.target.checked ? [...f.cityIds, c.id] : f.cityIds.filter((x) => x !== c.id))
                }
              />{' '}
              {c.name}
            </label>
          ))}
        </fieldset>
        <label className={s.check}>
          <input type="checkbox" checked={f.isActive} onChange={(e) => set('isActive', e.target.checked)} /> Действует
        </label>
      </fieldset>
      <div className={s.actions}>
        {canEdit ? (
          <button type="submit" className={s.button} disabled={action.pending}>
            Сохранить
          </button>
        ) : null}
        <button type="button" className={cx(s.button, s.secondary)} onClick={onDone}>
          Назад
        </button>
      </div>
    </form>
  );
}

function Coupons() {
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
      {canCreate ? (
        <button type="button" className={s.button} onClick={() => setEditing('new')}>
          Новый промокод
        </button>
      ) : null}
      <QueryView query={list}>
        {(data) => (
          <table className={s.table} aria-label="Промокоды" style={{ marginTop: 12 }}>
            <thead>
              <tr>
                <th>Код</th>
                <th>Скидка</th>
                <th>От суммы</th>
                <th>Срок</th>
                <th>Города</th>
                <th>Способ</th>
                <th className={s.num}>Использован</th>
                <th>Состояние</th>
                <th />
              </tr>
            </thead>
            <tbody>
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
                    {c.isActive ? (
                      <span className={cx(s.badge, s.badgeOk)}>действует</span>
                    ) : (
                      <span className={cx(s.badge, s.badgeBad)}>отключён</span>
                    )}
                  </td>
                  <td>
                    {canEdit ? (
                      <button
                        type="button"
                        className={cx(s.button, c.isActive ? s.danger : s.secondary)}
                        disabled={action.pending}
                        onClick={() => void toggle(c)}
                      >
                        {c.isActive ? 'Отключить' : 'Включить'}
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryView>
    </>
  );
}

function Gifts() {
  const list = useAdminQuery(adminListPromotions);
  const action = useAdminAction();
  const canEdit = useCan(adminUpdatePromotion);
  const [drafts, setDrafts] = useState<Record<string, { title?: string; isActive?: boolean; param?: string }>>({});
  return (
    <QueryView query={list}>
      {(data) => (
        <>
          {data.promotions.map((p) => {
            const paramKey = p.kind === 'snack-gift' ? 'per' : 'minSum';
            const current = p.params[paramKey];
            const d = drafts[p.kind] ?? {};
            const title = d.title ?? p.title;
            const isActive = d.isActive ?? p.isActive;
            const param = d.param ?? (typeof current === 'number' ? String(current) : '');
            const setD = (patch: typeof d) => setDrafts((all) => ({ ...all, [p.kind]: { ...d, ...patch } }));
            const save = async () => {
              const n = parseInteger(param, p.kind === 'snack-gift' ? { min: 1, max: 20 } : { max: 1_000_000 });
              if (n === null || n === undefined) return;
              const body = { title: title.trim(), isActive, ...(p.kind === 'snack-gift' ? { per: n } : { minSum: n }) };
              const result = await action.run(
                adminUpdatePromotion,
                { params: { kind: p.kind }, body },
                { success: `Сохранено: ${title}` },
              );
              if (result.ok) {
                list.replace((all) => ({
                  promotions: all.promotions.map((x) => (x.kind === p.kind ? result.value : x)),
                }));
                setDrafts((all) => ({ ...all, [p.kind]: {} }));
              }
            };
            const n = parseInteger(param, p.kind === 'snack-gift' ? { min: 1, max: 20 } : { max: 1_000_000 });
            return (
              <div key={p.kind} className={s.panel} role="group" aria-label={p.title}>
                <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
                  <div className={s.grid3}>
                    <Field label="Название">
                      {(id) => (
                        <input
                          id={id}
                          className={s.input}
                          value={title}
                          onChange={(e) => setD({ title: e.target.value })}
                        />
                      )}
                    </Field>
                    <Field
                      label={p.kind === 'snack-gift' ? 'Подарок за каждые N закусок' : 'Подарок от суммы товаров, ₽'}
                      error={
                        n === null || n === undefined
                          ? p.kind === 'snack-gift'
                            ? 'От 1 до 20'
                            : 'Целое число рублей'
                          : null
                      }
                      hint={`Товар-подарок: ${p.giftProductId} (настройка GIFT_IDS)`}
                    >
                      {(id) => (
                        <input
                          id={id}
                          className={s.input}
                          inputMode="numeric"
                          value={param}
                          onChange={(e) => setD({ param: e.target.value })}
                        />
                      )}
                    </Field>
                    <label className={s.check}>
                      <input
                        type="checkbox"
                        checked={isActive}
                        onChange={(e) => setD({ isActive: e.target.checked })}
                      />{' '}
                      Действует
                    </label>
                  </div>
                </fieldset>
                {canEdit ? (
                  <button
                    type="button"
                    className={s.button}
                    disabled={action.pending || n === null || n === undefined}
                    onClick={() => void save()}
                  >
                    Сохранить
                  </button>
                ) : null}
              </div>
            );
          })}
        </>
      )}
    </QueryView>
  );
}

function BonusRules() {
  const settings = useAdminQuery(adminListSettings);
  const saved = (x: AdminSetting) =>
    settings.replace((d) => ({ ...d, settings: d.settings.map((y) => (y.name === x.name ? x : y)) }));
  return (
    <QueryView query={settings}>
      {(data) => (
        <>
          {['BONUS_ACCRUAL_PERCENT', 'BONUS_SPEND_CAP'].map((name) => {
            const setting = data.settings.find((x) => x.name === name);
            return setting ? (
              <SettingField key={`${name}-${setting.updatedAt}`} setting={setting} onSaved={saved} />
            ) : null;
          })}
        </>
      )}
    </QueryView>
  );
}

export default function PromotionsPage() {
  const [tab, setTab] = useState<'coupons' | 'gifts' | 'bonus'>('coupons');
  const tabs = [
    { id: 'coupons', label: 'Промокоды' },
    { id: 'gifts', label: 'Подарки' },
    { id: 'bonus', label: 'Бонусы' },
  ] as const;
  return (
    <section>
      <PageHead title="Акции" />
      <div className={s.tabs} role="tablist">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            className={cx(s.tab, tab === t.id && s.tabActive)}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tab === 'coupons' ? <Coupons /> : tab === 'gifts' ? <Gifts /> : <BonusRules />}
    </section>
  );
}
