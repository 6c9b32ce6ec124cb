// A city and its data (CITIES_DATA: free delivery threshold, delivery products, service fee,
// promo code field hidden).
import { adminCreateCity, adminUpdateCity, type AdminCity } from '../../../../api/contract/admin/settings';
import { CheckField, NumberField, TextField } from '../../kit/fields';
import { EditorForm, useEditorAccess, useEditorFields } from '../../kit/editor';
import { parseInteger } from '../../menu/forms';
import s from '../../admin.module.css';

export const ID_RE = /^[A-Za-z0-9_.:-]{1,64}$/;

export function CityEditor({ city, onDone }: { city: AdminCity | null; onDone: () => void }) {
  const { action, frame } = useEditorAccess(city === null ? adminCreateCity : adminUpdateCity, { onBack: onDone });
  const { form, text, flag, report } = useEditorFields({
    id: city?.id ?? '',
    name: city?.name ?? '',
    slug: city?.slug ?? '',
    iikoId: city?.iikoId ?? '',
    cityIn: city?.cityIn ?? '',
    timeZone: city?.timeZone ?? 'Asia/Irkutsk',
    order: String(city?.order ?? 0),
    hasData: city?.data != null,
    deliveryId: city?.data?.deliveryId ?? '',
    freeDeliveryFrom: String(city?.data?.freeDeliveryFrom ?? 1500),
    freeDeliveryId: city?.data?.freeDeliveryId ?? '',
    serviceFeeId: city?.data?.serviceFeeId ?? '',
    isPromocodeHide: city?.data?.isPromocodeHide ?? false,
  });
  const submit = async () => {
    const problems: Record<string, string> = {};
    const order = parseInteger(form.order, { min: -1_000_000 });
    const free = parseInteger(form.freeDeliveryFrom);
    if (city === null && !ID_RE.test(form.id)) problems.id = 'Латинские буквы, цифры, _ . : -';
    if (form.name.trim() === '') problems.name = 'Введите название';
    if (!/^[a-z0-9-]{1,64}$/.test(form.slug)) problems.slug = 'Строчные латинские буквы, цифры и дефис';
    if (form.iikoId.trim() === '') problems.iikoId = 'Введите iikoId';
    if (form.cityIn.trim() === '') problems.cityIn = 'Например: в Ангарске';
    if (order === undefined) problems.order = 'Целое число';
    if (form.hasData && (free === undefined || free === null)) problems.freeDeliveryFrom = 'Целое число рублей';
    if (form.hasData && (form.deliveryId.trim() === '' || form.freeDeliveryId.trim() === ''))
      problems.deliveryId = 'Укажите товары доставки и бесплатной доставки';
    if (!report(problems)) return;
    const body = {
      name: form.name.trim(),
      slug: form.slug,
      iikoId: form.iikoId.trim(),
      cityIn: form.cityIn.trim(),
      timeZone: form.timeZone.trim(),
      order: order ?? 0,
      data: form.hasData
        ? {
            deliveryId: form.deliveryId.trim(),
            freeDeliveryFrom: free ?? 0,
            freeDeliveryId: form.freeDeliveryId.trim(),
            serviceFeeId: form.serviceFeeId.trim() || null,
            isPromocodeHide: form.isPromocodeHide,
          }
        : null,
    };
    const result =
      city === null
        ? await action.run(adminCreateCity, { body: { ...body, id: form.id } }, { success: 'Город добавлен' })
        : await action.run(adminUpdateCity, { params: { id: city.id }, body }, { success: 'Город сохранён' });
    if (result.ok) onDone();
  };
  const trimmed = (typed: string) => typed.trim();
  return (
    <EditorForm label="Город" title={city?.name ?? 'Новый город'} {...frame} onSubmit={submit}>
      <div className={s.grid3}>
        {city === null ? <TextField label="Id" {...text('id', trimmed)} /> : null}
        <TextField label="Название" {...text('name')} />
        <TextField label="Адрес (slug)" {...text('slug', trimmed)} />
        <TextField label="iikoId" {...text('iikoId')} />
        <TextField label="«В городе»" {...text('cityIn')} />
        <TextField label="Часовой пояс" hint="IANA, например Asia/Irkutsk" {...text('timeZone')} />
        <NumberField label="Порядок" {...text('order')} />
      </div>
      <CheckField label="Данные города (CITIES_DATA)" {...flag('hasData')} />
      {form.hasData ? (
        <div className={s.grid3}>
          <NumberField label="Бесплатная доставка от, ₽" {...text('freeDeliveryFrom')} />
          <TextField label="Товар доставки (deliveryId)" {...text('deliveryId')} />
          <TextField label="Товар бесплатной доставки" {...text('freeDeliveryId')} />
          <TextField label="Сервисный сбор (товар)" hint="Пусто — без сбора" {...text('serviceFeeId')} />
          <CheckField label="Скрыть поле промокода" {...flag('isPromocodeHide')} />
        </div>
      ) : null}
    </EditorForm>
  );
}
