import type { OrderStatus } from '../../../api/contract/orders';
import { cx } from '../ui';
import { STATUS_LABEL, statusTone } from './labels';
import s from '../admin.module.css';

const TONE = { info: s.badgeInfo, ok: s.badgeOk, bad: s.badgeBad, plain: '' } as const;

export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={cx(s.badge, TONE[statusTone(status)])}>{STATUS_LABEL[status]}</span>;
}
