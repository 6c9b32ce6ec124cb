// Promotions: coupons (create, edit, disable; usage against its limits, validity,
// cities, delivery or pickup only), the snack and pizza gifts, and the bonus rules (the settings
// BONUS_ACCRUAL_PERCENT and BONUS_SPEND_CAP).
import { useState } from 'react';
import { TabBar } from '../kit/lists';
import { PageHead } from '../ui';
import { CouponsTab } from './CouponsTab';
import { BonusRulesTab, GiftsTab } from './GiftsTab';

const TABS = [
  { id: 'coupons', label: 'Промокоды' },
  { id: 'gifts', label: 'Подарки' },
  { id: 'bonus', label: 'Бонусы' },
] as const;

export default function PromotionsPage() {
  const [tab, setTab] = useState<(typeof TABS)[number]['id']>('coupons');
  return (
    <section>
      <PageHead title="Акции" />
      <TabBar tabs={TABS} value={tab} onChange={setTab} />
      {tab === 'coupons' ? <CouponsTab /> : tab === 'gifts' ? <GiftsTab /> : <BonusRulesTab />}
    </section>
  );
}
