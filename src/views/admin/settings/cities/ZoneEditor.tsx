// A delivery zone: polygon as a list of coordinates, minimum sum, price, time, restaurant.
import {
  adminCreateZone,
  adminDeleteZone,
  adminUpdateZone,
  type AdminRestaurant,
  type AdminZone,
} from '../../../../api/contract/admin/settings';
import { NumberField, RestaurantSelect, TextAreaField, TextField } from '../../kit/fields';
import { EditorForm, useEditorAccess, useEditorFields } from '../../kit/editor';
import { parseInteger } from '../../menu/forms';
import { cx } from '../../ui';
import { closeRing, polygonToText, textToPolygon } from './polygon';
import s from '../../admin.module.css';

export function ZoneEditor({
  zone,
  cityId,
  restaurants,
  onDone,
}: {
  zone: AdminZone | null;
  cityId: string;
  restaurants: readonly AdminRestaurant[];
  onDone: () => void;
}) {
  const { action, frame } = useEditorAccess(zone === null ? adminCreateZone : adminUpdateZone, { onBack: onDone });
  const own = restaurants.filter((r) => r.cityId === (zone?.cityId ?? cityId));
  const { form, set, text, report } = useEditorFields({
    name: zone?.name ?? '',
    deliveryTerminalId: zone?.deliveryTerminalId ?? own[0]?.deliveryTerminalId ?? '',
    minSum: String(zone?.minSum ?? 0),
    deliveryPrice: String(zone?.deliveryPrice ?? 0),
    deliveryMinutes: String(zone?.deliveryMinutes ?? 60),
    order: String(zone?.order ?? 0),
    polygon: polygonToText(zone?.polygon ?? []),
  });
  const submit = async () => {
    const problems: Record<string, string> = {};
    const minSum = parseInteger(form.minSum);
    const price = parseInteger(form.deliveryPrice, { max: 100_000 });
    const minutes = parseInteger(form.deliveryMinutes, { min: 1, max: 600 });
    const order = parseInteger(form.order, { min: -1_000_000 });
    const polygon = textToPolygon(form.polygon);
    if (form.name.trim() === '') problems.name = 'Введите название';
    if (minSum === null || minSum === undefined) problems.minSum = 'Целое число рублей';
    if (price === null || price === undefined) problems.deliveryPrice = 'Целое число рублей';
    if (minutes === null || minutes === undefined) problems.deliveryMinutes = 'От 1 до 600 минут';
    if (order === undefined) problems.order = 'Целое число';
    if (form.deliveryTerminalId === '') problems.deliveryTerminalId = 'Выберите ресторан';
    if (typeof polygon === 'string') problems.polygon = polygon;
    if (!report(problems) || typeof polygon === 'string') return;
    const body = {
      cityId: zone?.cityId ?? cityId,
      name: form.name.trim(),
      polygon,
      minSum: minSum ?? 0,
      deliveryPrice: price ?? 0,
      deliveryMinutes: minutes ?? 60,
      deliveryTerminalId: form.deliveryTerminalId,
      order: order ?? 0,
    };
    const result =
      zone === null
        ? await action.run(adminCreateZone, { body }, { success: 'Зона добавлена' })
        : await action.run(adminUpdateZone, { params: { id: zone.id }, body }, { success: 'Зона сохранена' });
    if (result.ok) onDone();
  };
  const remove = zone && {
    label: 'Удалить зону',
    confirm: `Удалить зону «${zone.name}»?`,
    run: async () => {
      const result = await action.run(adminDeleteZone, { params: { id: zone.id } }, { success: 'Зона удалена' });
      if (result.ok) onDone();
    },
  };
  return (
    <EditorForm
      label="Зона доставки"
      title={zone?.name ?? 'Новая зона доставки'}
      {...frame}
      onSubmit={submit}
      remove={remove}
    >
      <div className={s.grid3}>
        <TextField label="Название" {...text('name')} />
        <RestaurantSelect restaurants={own} {...text('deliveryTerminalId')} />
        <NumberField
          label="Минимальная сумма, ₽"
          hint="Товары после скидок, без доставки и сбора"
          {...text('minSum')}
        />
        <NumberField label="Стоимость доставки, ₽" {...text('deliveryPrice')} />
        <NumberField label="Время доставки, мин" {...text('deliveryMinutes')} />
        <NumberField label="Порядок" {...text('order')} />
      </div>
      <TextAreaField
        label="Контур зоны"
        hint="По точке в строке: долгота, широта. Последняя точка повторяет первую."
        code
        {...text('polygon')}
      />
      <button
        type="button"
        className={cx(s.button, s.secondary)}
        onClick={() => set('polygon', closeRing(form.polygon))}
      >
        Замкнуть контур
      </button>
    </EditorForm>
  );
}
