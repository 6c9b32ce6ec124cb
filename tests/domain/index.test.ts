import { describe, it, expect } from 'vitest';
import * as domain from '../../src/domain';

describe('src/domain/index re-exports every module', () => {
  it.each([
    'validatePhone',
    'normalizePhone',
    'formatPhone',
    'maskPhoneInput',
    'maskPhoneForLog',
    'isValidPhone',
    'isOpenAt',
    'nextOpening',
    'minutesOfDayInZone',
    'weekdayInZone',
    'localDateInZone',
    'localDateTimeToIso',
    'addDaysToYmd',
    'openWindows',
    'parseClockTime',
    'toEpochMs',
    'isClosedDay',
    'productPriceRange',
    'formatPrice',
    'formatPriceLabel',
    'lineTotal',
    'unitPrice',
    'formatNumber',
    'roundMoney',
    'plural',
    'formatCount',
    'formatAddress',
    'buildMenuTree',
    'menuProducts',
    'menuGroupIds',
    'stoppedProductIds',
    'isStopped',
    'searchProducts',
    'filterProducts',
    'withoutAllergens',
    'applyCatalogQuery',
    'findProduct',
    'findGroup',
    'modifierName',
    'groupName',
    'cartModFor',
    'categoryNames',
    'normalizeSearchText',
    'pointInPolygon',
    'findZone',
    'cityZoneAt',
    'isGoodsLine',
    'goodsTotal',
    'wantedDeliveryProduct',
    'isGiftSnack',
    'countGiftSnacks',
    'snackGiftCount',
    'couponMinSumMessage',
    'isOnline',
  ])('%s', (name) => {
    expect(typeof (domain as Record<string, unknown>)[name]).toBe('function');
  });

  it("exports the spec's phone messages", () => {
    expect(domain.PHONE_EMPTY_MESSAGE).toBe('Введите номер телефона');
    expect(domain.PHONE_INVALID_MESSAGE).toBe('Неверный формат телефона');
    expect(domain.NOT_SPECIFIED).toBe('не указан');
  });
});
