// A coupon: code (new ones only), discount in percent or rubles, minimum sum, validity, cities,
// delivery or pickup only, usage limits and the active flag.
import { adminCreateCoupon, adminUpdateCoupon, type AdminCoupon } from '../../../api/contract/admin/promo';
import { useReference } from '../data/reference';
import { EditorForm, useEditorAccess, useEditorFields } from '../kit/editor';
import { CheckField, NumberField, SelectField, TextField } from '../kit/fields';
import { parseInteger } from '../menu/forms';
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

const NO_METHOD: '' | 'delivery' | 'self' = '';

export function CouponEditor({ coupon, onDone }: { coupon: AdminCoupon | null; onDone: () => void }) {
  const ref = useReference();
  const { action, frame } = useEditorAccess(coupon === null ? adminCreateCoupon : adminUpdateCoupon, {
    onBack: onDone,
  });
  const { form, set, text, flag, report } = useEditorFields({
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
  const submit = async () => {
    const problems: Record<string, string> = {};
    const value = parseInteger(form.value, { min: 1, max: form.kind === 'percent' ? 100 : 1_000_000 });
    const minSum = parseInteger(form.minSum);
    const usageLimit = parseInteger(form.usageLimit, { min: 1, max: 100_000_000 });
    const perUserLimit = parseInteger(form.perUserLimit, { min: 1, max: 100_000_000 });
    const validFrom = localInputToIso(form.validFrom);
    const validTo = localInputToIso(form.validTo);
    if (coupon === null && !/^[A-Za-z0-9_-]{1,64}$/.test(form.code.trim()))
      problems.code = 'Латинские буквы, цифры, _ и -';
    if (value === null || value === undefined)
      problems.value = form.kind === 'percent' ? 'Процент от 1 до 100' : 'Сумма в рублях от 1';
    if (minSum === null || minSum === undefined) problems.minSum = 'Целое число рублей';
    if (usageLimit === undefined) problems.usageLimit = 'Целое число от 1 или пусто';
    if (perUserLimit === undefined) problems.perUserLimit = 'Целое число от 1 или пусто';
    if (validFrom !== null && validTo !== null && validFrom >= validTo)
      problems.validTo = 'Окончание должно быть позже начала';
    if (!report(problems)) return;
    const body = {
      title: form.title.trim(),
      kind: form.kind,
      value: value ?? 1,
      minSum: minSum ?? 0,
      validFrom,
      validTo,
      cityIds: form.cityIds,
      usageLimit: usageLimit ?? null,
      perUserLimit: perUserLimit ?? null,
      deliveryMethod: form.deliveryMethod === '' ? null : form.deliveryMethod,
      isActive: form.isActive,
    };
    const result =
      coupon === null
        ? await action.run(
            adminCreateCoupon,
            { body: { ...body, code: form.code.trim() } },
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
    <EditorForm
      label="Промокод"
      title={coupon === null ? 'Новый промокод' : `Промокод ${coupon.code}`}
      {...frame}
      onSubmit={submit}
      intro={
        coupon ? (
          <p className={s.muted}>
            Использован: {coupon.usedCount}
            {coupon.usageLimit !== null ? ` из ${coupon.usageLimit}` : ''} (не считая отменённых заказов)
          </p>
        ) : null
      }
    >
      <div className={s.grid3}>
        {coupon === null ? <TextField label="Код" hint="Сохраняется заглавными буквами" {...text('code')} /> : null}
        <TextField label="Название" {...text('title')} />
        <SelectField
          label="Скидка"
          value={form.kind}
          onChange={(kind) => set('kind', kind === 'fixed' ? 'fixed' : 'percent')}
          options={[
            { value: 'percent', label: 'процент от товаров' },
            { value: 'fixed', label: 'рублей от товаров' },
          ]}
        />
        <NumberField label={form.kind === 'percent' ? 'Размер, %' : 'Размер, ₽'} {...text('value')} />
        <NumberField label="Минимальная сумма, ₽" {...text('minSum')} />
        <SelectField
          label="Способ получения"
          value={form.deliveryMethod}
          onChange={(method) => set('deliveryMethod', method === 'delivery' || method === 'self' ? method : '')}
          options={[
            { value: '', label: 'доставка и самовывоз' },
            { value: 'delivery', label: 'только доставка' },
            { value: 'self', label: 'только самовывоз' },
          ]}
        />
        <TextField label="Действует с" type="datetime-local" {...text('validFrom')} />
        <TextField label="Действует до" type="datetime-local" {...text('validTo')} />
        <NumberField label="Всего использований" hint="Пусто — без ограничения" {...text('usageLimit')} />
        <NumberField label="На одного клиента" hint="Пусто — без ограничения" {...text('perUserLimit')} />
      </div>
      <fieldset style={{ border: 0, padding: 0, margin: '0 0 12px' }}>
        <legend className={s.label}>Города (ни одного — все города)</legend>
        {ref.cities.map((c) => (
          <CheckField
            key={c.id}
            label={c.name}
            checked={form.cityIds.includes(c.id)}
            onChange={(on) => set('cityIds', on ? [...form.cityIds, c.id] : form.cityIds.filter((x) => x !== c.id))}
          />
        ))}
      </fieldset>
      <CheckField label="Действует" {...flag('isActive')} />
    </EditorForm>
  );
}
