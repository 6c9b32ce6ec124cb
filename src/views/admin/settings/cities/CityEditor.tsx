// A city and its data (CITIES_DATA: free delivery threshold, delivery products, service fee,
// promo code field hidden).
import { adminCreateCity, adminUpdateCity, type AdminCity } from '../../../../api/contract/admin/settings';
import { CheckField, TextField } from '../../kit/fields';
import { EditorForm, useEditorAccess, useEditorFields } from '../../kit/editor';
import { parseInteger } from '../../menu/forms';
import s from '../../admin.module.css';

export const ID_RE = /^[A-Za-z0-9_.:-]{1,64}$/;

export function CityEditor({ city, onDone }: { city: AdminCity | null; onDone: () => void }) {
  const { action, frame } = useEditorAccess(city === null ? adminCreateCity : adminUpdateCity);
  const {
    form: f,
    text,
    flag,
    report,
  } = useEditorFields({
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
    const order = parseInteger(f.order, { min: -1_000_000 });
    const free = parseInteger(f.freeDeliveryFrom);
    if (city === null && !ID_RE.test(f.id)) problems.id = 'Латинские буквы, цифры, _ . : -';
    if (f.name.trim() === '') problems.name = 'Введите название';
    if (!/^[a-z0-9-]{1,64}$/.test(f.slug)) problems.slug = 'Строчные латинские буквы, цифры и дефис';
    if (f.iikoId.trim() === '') problems.iikoId = 'Введите iikoId';
    if (f.cityIn.trim() === '') problems.cityIn = 'Например: в Ангарске';
    if (order === undefined) problems.order = 'Целое число';
    if (f.hasData && (free === undefined || free === null)) problems.freeDeliveryFrom = 'Целое число рублей';
    if (f.hasData && (f.deliveryId.trim() === '' || f.freeDeliveryId.trim() === ''))
      problems.deliveryId = 'Укажите товары доставки и бесплатной доставки';
    if (!report(problems)) return;
    const body = {
      name: f.name.trim(),
      slug: f.slug,
      iikoId: f.iikoId.trim(),
      cityIn: f.cityIn.trim(),
      timeZone: f.timeZone.trim(),
      order: order ?? 0,
      data: f.hasData
        ? {
            deliveryId: f.deliveryId.trim(),
            freeDeliveryFrom: free ?? 0,
            freeDeliveryId: f.freeDeliveryId.trim(),
            serviceFeeId: f.serviceFeeId.trim() || null,
            isPromocodeHide: f.isPromocodeHide,
          }
        : null,
    };
    const result =
      city === null
        ? await action.run(adminCreateCity, { body: { ...body, id: f.id } }, { success: 'Город добавлен' })
        : await action.run(adminUpdateCity, { params: { id: city.id }, body }, { success: 'Город сохранён' });
    if (result.ok) onDone();
  };
  const trimmed = (typed: string) => typed.trim();
  return (
    <EditorForm
      label="Город"
      title={city === null ? 'Новый город' : city.name}
      {...frame}
      onSubmit={submit}
      onBack={onDone}
    >
      <div className={s.grid3}>
        {city === null ? <TextField label="Id" {...text('id', trimmed)} /> : null}
        <TextField label="Название" {...text('name')} />
        <TextField label="Адрес (slug)" {...text('slug', trimmed)} />
        <TextField label="iikoId" {...text('iikoId')} />
        <TextField label="«В городе»" {...text('cityIn')} />
        <TextField label="Часовой пояс" hint="IANA, например Asia/Irkutsk" {...text('timeZone')} />
        <TextField label="Порядок" inputMode="numeric" {...text('order')} />
      </div>
      <CheckField label="Данные города (CITIES_DATA)" {...flag('hasData')} />
      {f.hasData ? (
        <div className={s.grid3}>
          <TextField label="Бесплатная доставка от, ₽" inputMode="numeric" {...text('freeDeliveryFrom')} />
          <TextField label="Товар доставки (deliveryId)" {...text('deliveryId')} />
          <TextField label="Товар бесплатной доставки" {...text('freeDeliveryId')} />
          <TextField label="Сервисный сбор (товар)" hint="Пусто — без сбора" {...text('serviceFeeId')} />
          <CheckField label="Скрыть поле промокода" {...flag('isPromocodeHide')} />
        </div>
      ) : null}
    </EditorForm>
  );
}
