import { describe, expect, it } from 'vitest';
import { PaymentMethod } from '../../src/api/contract/orderCodes';
import { isOnline } from '../../src/domain/payment';

describe('isOnline (docs/CHECKOUT.md): card and SBP are paid online', () => {
  it('tells online methods from payment on receipt', () => {
    expect(PaymentMethod.options.filter(isOnline)).toEqual(['card', 'sbp']);
  });
});
