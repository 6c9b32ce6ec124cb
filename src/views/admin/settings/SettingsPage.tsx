// Settings: every stored setting edited through its metadata, grouped into
// sections; the site-not-working switch and its text first; the store version bump with its
// warning. Working hours, restaurants and zones are edited on the cities screen (the server
// computes WORK_TIME, DELIVERY_TERMINALS and CITY_ZONES from them).
import { useState } from 'react';
import { adminBumpStoreVersion, adminListSettings, type AdminSetting } from '../../../api/contract/admin/settings';
import { useAdminAction, useAdminQuery, useCan } from '../data/hooks';
import { AdminDialog, PageHead, QueryView, cx } from '../ui';
import { SettingField } from './SettingField';
import s from '../admin.module.css';
import { ActionButton } from '../kit/ActionButton';

/** Sections of the settings screen by setting name; the rest go to 'Прочее'. */
export const SETTING_SECTIONS: readonly { title: string; names: readonly string[] }[] = [
  { title: 'Приём заказов', names: ['IS_SITE_NOT_WORKING', 'TEXT_SITE_NOT_WORKING'] },
  { title: 'Оплата и оформление', names: ['IS_ONLINE_PAYMENT_DISABLE', 'CHECKOUT_DELIVERY_TEXT', 'PHONES'] },
  { title: 'Бонусы', names: ['BONUS_ACCRUAL_PERCENT', 'BONUS_SPEND_CAP'] },
  {
    title: 'Каталог и подарки',
    names: [
      'CATALOG_MENU',
      'GIFT_IDS',
      'SECTION_ID_ADD_TO_ORDER',
      'SECTION_ID_ADDITIONALLY',
      'PIZZAS_GROUP_ID',
      'HALF_PIZZA',
      'SNACKS_GROUP_ID',
      'CUSTOM_ADD_TO_CART_GROUPS_ID',
    ],
  },
  { title: 'Города', names: ['CITIES_DATA', 'ANGARSK_ID', 'SHELEKHOV_ID'] },
];

export const STORE_VERSION_WARNING =
  'Новая версия хранилища сбросит у каждого посетителя сайта сохранённую корзину, пользователя и адрес: их страница перезагрузится при следующей проверке версии (в течение минуты). Делайте это только после изменений, несовместимых с сохранёнными корзинами.';

function StoreVersion({ value, onBumped }: { value: string; onBumped: (v: string) => void }) {
  const action = useAdminAction();
  const canBump = useCan(adminBumpStoreVersion);
  const [confirming, setConfirming] = useState(false);
  const bump = async () => {
    const result = await action.run(
      adminBumpStoreVersion,
      { body: { confirm: true } },
      { success: 'Версия хранилища повышена' },
    );
    if (result.ok) {
      onBumped(result.value.value);
      setConfirming(false);
    }
  };
  return (
    <div className={s.panel} data-setting="STORE_VERSION">
      <h3 className={s.dialogTitle}>Версия хранилища клиента: {value}</h3>
      <p className={s.hint}>{STORE_VERSION_WARNING}</p>
      {canBump ? (
        <button type="button" className={cx(s.button, s.danger)} onClick={() => setConfirming(true)}>
          Повысить версию хранилища
        </button>
      ) : null}
      {confirming ? (
        <AdminDialog title="Сбросить корзины всех посетителей?" onClose={() => setConfirming(false)}>
          <p className={s.warning}>{STORE_VERSION_WARNING}</p>
          <div className={s.actions}>
            <ActionButton look="danger" pending={action.pending} run={bump}>
              Да, сбросить корзины
            </ActionButton>
            <button type="button" className={cx(s.button, s.secondary)} onClick={() => setConfirming(false)}>
              Отмена
            </button>
          </div>
        </AdminDialog>
      ) : null}
    </div>
  );
}

/** STORIES and SLIDES have their own editor with picture upload (Страницы и истории). */
const ELSEWHERE = new Set(['STORE_VERSION', 'STORIES', 'SLIDES']);

export default function SettingsPage() {
  const query = useAdminQuery(adminListSettings);
  const saved = (setting: AdminSetting) =>
    query.replace((d) => ({ ...d, settings: d.settings.map((x) => (x.name === setting.name ? setting : x)) }));
  return (
    <section>
      <PageHead title="Настройки" />
      <QueryView query={query}>
        {(data) => {
          const byName = new Map(data.settings.map((x) => [x.name, x]));
          const placed = new Set(SETTING_SECTIONS.flatMap((sec) => sec.names));
          const rest = [...data.settings]
            .filter((x) => !placed.has(x.name) && !ELSEWHERE.has(x.name))
            .sort((a, b) => a.order - b.order);
          const storeVersion = byName.get('STORE_VERSION');
          return (
            <>
              <p className={s.muted}>
                Версия настроек: {data.version}. Каждое изменение повышает её, и открытые страницы сайта получают новые
                настройки.
              </p>
              {SETTING_SECTIONS.map((section) => {
                const items = section.names.map((n) => byName.get(n)).filter((x): x is AdminSetting => x !== undefined);
                if (items.length === 0) return null;
                return (
                  <div key={section.title}>
                    <h2 className={s.subtitle}>{section.title}</h2>
                    {items.map((setting) => (
                      <SettingField key={`${setting.name}-${setting.updatedAt}`} setting={setting} onSaved={saved} />
                    ))}
                  </div>
                );
              })}
              {rest.length > 0 ? <h2 className={s.subtitle}>Прочее</h2> : null}
              {rest.map((setting) => (
                <SettingField key={`${setting.name}-${setting.updatedAt}`} setting={setting} onSaved={saved} />
              ))}
              <h2 className={s.subtitle}>Версия хранилища</h2>
              <StoreVersion
                value={typeof storeVersion?.value === 'string' ? storeVersion.value : '1'}
                onBumped={(value) =>
                  query.replace((d) => ({
                    ...d,
                    settings: d.settings.map((x) => (x.name === 'STORE_VERSION' ? { ...x, value } : x)),
                  }))
                }
              />
            </>
          );
        }}
      </QueryView>
    </section>
  );
}
