// Payment methods (docs/CHECKOUT.md): card and SBP are paid online before the order counts as paid.
import type { PaymentMethod } from '../api/contract/orderCodes';

export const ONLINE_METHODS: readonly PaymentMethod[] = ['card', 'sbp'];
export const isOnline = (method: PaymentMethod): boolean => ONLINE_METHODS.includes(method);
