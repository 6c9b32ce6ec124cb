// The snack and pizza gifts (title, the count or sum that earns the gift, active flag) and the
// bonus rules (the settings BONUS_ACCRUAL_PERCENT and BONUS_SPEND_CAP).
import { useState } from 'react';
import type { z } from 'zod/mini';
import { adminListPromotions, adminUpdatePromotion, type AdminPromotion } from '../../../api/contract/admin/promo';
import { adminListSettings, type AdminSetting } from '../../../api/contract/admin/settings';
import { useAdminAction, useAdminQuery, useCan } from '../data/hooks';
import { CheckField, TextField } from '../kit/fields';
import { parseInteger } from '../menu/forms';
import { SettingField } from '../settings/SettingField';
import { QueryView } from '../ui';
import s from '../admin.module.css';

type Promotion = z.infer<typeof AdminPromotion>;

function GiftEditor({ promotion: p, onSaved }: { promotion: Promotion; onSaved: (p: Promotion) => void }) {
  const action = useAdminAction();
  const canEdit = useCan(adminUpdatePromotion);
  const [draft, setDraft] = useState<{ title?: string; isActive?: boolean; param?: string }>({});
  const snack = p.kind === 'snack-gift';
  const current = p.params[snack ? 'per' : 'minSum'];
  const title = draft.title ?? p.title;
  const isActive = draft.isActive ?? p.isActive;
  const param = draft.param ?? (typeof current === 'number' ? String(current) : '');
  const n = parseInteger(param, snack ? { min: 1, max: 20 } : { max: 1_000_000 });
  const edit = (patch: typeof draft) => setDraft((d) => ({ ...d, ...patch }));
  const save = async () => {
    if (n === null || n === undefined) return;
    const body = { title: title.trim(), isActive, ...(snack ? { per: n } : { minSum: n }) };
    const result = await action.run(
      adminUpdatePromotion,
      { params: { kind: p.kind }, body },
      { success: `Сохранено: ${title}` },
    );
    if (result.ok) {
      onSaved(result.value);
      setDraft({});
    }
  };
  return (
    <div className={s.panel} role="group" aria-label={p.title}>
      <fieldset disabled={!canEdit} className={s.bareFieldset}>
        <div className={s.grid3}>
          <TextField label="Название" value={title} onChange={(typed) => edit({ title: typed })} />
          <TextField
            label={snack ? 'Подарок за каждые N закусок' : 'Подарок от суммы товаров, ₽'}
            error={n === null || n === undefined ? (snack ? 'От 1 до 20' : 'Целое число рублей') : null}
            hint={`Товар-подарок: ${p.giftProductId} (настройка GIFT_IDS)`}
            inputMode="numeric"
            value={param}
            onChange={(typed) => edit({ param: typed })}
          />
          <CheckField label="Действует" checked={isActive} onChange={(on) => edit({ isActive: on })} />
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
}

export function GiftsTab() {
  const list = useAdminQuery(adminListPromotions);
  const saved = (x: Promotion) =>
    list.replace((all) => ({ promotions: all.promotions.map((y) => (y.kind === x.kind ? x : y)) }));
  return (
    <QueryView query={list}>
      {(data) => (
        <>
          {data.promotions.map((p) => (
            <GiftEditor key={p.kind} promotion={p} onSaved={saved} />
          ))}
        </>
      )}
    </QueryView>
  );
}

export function BonusRulesTab() {
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
