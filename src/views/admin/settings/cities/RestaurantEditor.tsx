// A restaurant: address, phone, point, working hours per day with overnight windows, cooking
// time, online payment switch and the active flag.
import { useState } from 'react';
import {
  adminCreateRestaurant,
  adminUpdateRestaurant,
  type AdminCity,
  type AdminRestaurant,
} from '../../../../api/contract/admin/settings';
import type { WeekHours } from '../../../../api/entities';
import { CheckField, CitySelect, GroupError, NumberField, TextField } from '../../kit/fields';
import { EditorForm, useEditorAccess, useEditorFields } from '../../kit/editor';
import { parseDecimal, parseInteger } from '../../menu/forms';
import { WeekHoursEditor, dayProblem } from '../WeekHoursEditor';
import { ID_RE } from './CityEditor';
import s from '../../admin.module.css';

const DEFAULT_WEEK: WeekHours = Array.from({ length: 7 }, () => ({ open: '10:00', close: '22:00', isNextDay: false }));

export function RestaurantEditor({
  restaurant,
  cities,
  onDone,
}: {
  restaurant: AdminRestaurant | null;
  cities: readonly AdminCity[];
  onDone: () => void;
}) {
  const { action, canEdit, frame } = useEditorAccess(
    restaurant === null ? adminCreateRestaurant : adminUpdateRestaurant,
    { onBack: onDone },
  );
  const { form, text, flag, errors, report } = useEditorFields({
    deliveryTerminalId: restaurant?.deliveryTerminalId ?? '',
    cityId: restaurant?.cityId ?? cities[0]?.id ?? '',
    name: restaurant?.name ?? '',
    address: restaurant?.address ?? '',
    phone: restaurant?.phone ?? '',
    lat: String(restaurant?.location.lat ?? ''),
    lon: String(restaurant?.location.lon ?? ''),
    cookingMinutes: String(restaurant?.cookingMinutes ?? 30),
    isOnlinePaymentDisabled: restaurant?.isOnlinePaymentDisabled ?? false,
    isActive: restaurant?.isActive ?? true,
    order: String(restaurant?.order ?? 0),
  });
  const [hours, setHours] = useState<WeekHours>(restaurant?.hours ?? DEFAULT_WEEK);
  const submit = async () => {
    const problems: Record<string, string> = {};
    const lat = parseDecimal(form.lat, { min: -90, max: 90 });
    const lon = parseDecimal(form.lon, { min: -180, max: 180 });
    const cooking = parseInteger(form.cookingMinutes, { min: 1, max: 600 });
    const order = parseInteger(form.order, { min: -1_000_000 });
    if (restaurant === null && !ID_RE.test(form.deliveryTerminalId))
      problems.deliveryTerminalId = 'Латинские буквы, цифры, _ . : -';
    if (form.name.trim() === '') problems.name = 'Введите название';
    if (form.address.trim() === '') problems.address = 'Введите адрес';
    if (form.phone.trim() === '') problems.phone = 'Введите телефон';
    if (lat === null || lat === undefined || lon === null || lon === undefined)
      problems.location = 'Широта от −90 до 90 и долгота от −180 до 180';
    if (cooking === null || cooking === undefined) problems.cookingMinutes = 'От 1 до 600 минут';
    if (order === undefined) problems.order = 'Целое число';
    if (hours.some((d) => dayProblem(d) !== null)) problems.hours = 'Исправьте часы работы';
    if (!report(problems)) return;
    const body = {
      cityId: form.cityId,
      name: form.name.trim(),
      address: form.address.trim(),
      phone: form.phone.trim(),
      location: { lat: lat ?? 0, lon: lon ?? 0 },
      hours,
      cookingMinutes: cooking ?? 30,
      isOnlinePaymentDisabled: form.isOnlinePaymentDisabled,
      isActive: form.isActive,
      order: order ?? 0,
    };
    const result =
      restaurant === null
        ? await action.run(
            adminCreateRestaurant,
            { body: { ...body, deliveryTerminalId: form.deliveryTerminalId } },
            { success: 'Ресторан добавлен' },
          )
        : await action.run(
            adminUpdateRestaurant,
            { params: { id: restaurant.deliveryTerminalId }, body },
            { success: 'Ресторан сохранён' },
          );
    if (result.ok) onDone();
  };
  return (
    <EditorForm label="Ресторан" title={restaurant?.name ?? 'Новый ресторан'} {...frame} onSubmit={submit}>
      <div className={s.grid3}>
        {restaurant === null ? (
          <TextField label="Id терминала доставки" {...text('deliveryTerminalId', (typed) => typed.trim())} />
        ) : null}
        <CitySelect cities={cities} {...text('cityId')} />
        <TextField label="Название" {...text('name')} />
        <TextField label="Адрес" {...text('address')} />
        <TextField label="Телефон" {...text('phone')} />
        <TextField label="Широта" inputMode="decimal" {...text('lat')} error={errors.location} />
        <TextField label="Долгота" inputMode="decimal" {...text('lon')} />
        <NumberField label="Время приготовления, мин" {...text('cookingMinutes')} />
        <NumberField label="Порядок" {...text('order')} />
      </div>
      <p>
        <CheckField label="Работает (принимает заказы)" {...flag('isActive')} />
        <CheckField label="Без онлайн-оплаты" {...flag('isOnlinePaymentDisabled')} />
      </p>
      <h3 className={s.subtitle}>Часы работы</h3>
      <WeekHoursEditor value={hours} onChange={setHours} disabled={!canEdit} />
      <GroupError error={errors.hours} />
    </EditorForm>
  );
}
