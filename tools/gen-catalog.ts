// Deterministic test data for benchmarks and fixtures: a catalogue of N products in a few groups,
// one city with settings that keep the shop open around the clock, and a signed-in user.
// Same seed, same data. Usage as a script: `tsx tools/gen-catalog.ts [N] [SEED] > catalog.json`.
import { pathToFileURL } from 'node:url';
import type { Catalog, City, Group, Product, Settings, User, WeekHours } from '../src/api/entities';

/** mulberry32: a small, fast, seedable PRNG (returns floats in [0, 1)). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = {
  float: () => number;
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
};
export function random(seed: number): Random {
  const float = prng(seed);
  const int = (min: number, max: number) => min + Math.floor(float() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[int(0, items.length - 1)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  return { float, int, pick };
}

export const CITY_ID = 'city-angarsk';
export const CITY_IIKO_ID = 'iiko-angarsk';
export const TERMINAL_ID = 'terminal-1';
export const GROUP_IDS = {
  rolls: 'g-rolls',
  pizza: 'g-pizza',
  snacks: 'g-snacks',
  drinks: 'g-drinks',
  service: 'g-service',
  sizes: 'g-pizza-size',
} as const;
export const DELIVERY_PRODUCT_ID = 'p-delivery';
export const FREE_DELIVERY_PRODUCT_ID = 'p-free-delivery';
export const SNACK_GIFT_ID = 'p-gift-fries';
export const PIZZA_GIFT_ID = 'p-gift-pizza';
export const SIZE_MODS = ['m-size-30', 'm-size-40'] as const;

const NAMES = {
  rolls: ['Филадельфия', 'Калифорния', 'Канада', 'Дракон', 'Унаги', 'Бонито', 'Аляска', 'Токио'],
  pizza: ['Пепперони', 'Маргарита', 'Четыре сыра', 'Гавайская', 'Мясная', 'Барбекю'],
  snacks: ['Картофель фри', 'Наггетсы', 'Луковые кольца', 'Сырные палочки'],
  drinks: ['Морс', 'Лимонад', 'Кола', 'Сок'],
} as const;
type Kind = keyof typeof NAMES;

function group(id: string, name: string, slug: string, order: number, extra: Partial<Group> = {}): Group {
  return {
    id,
    name,
    slug,
    parentGroup: null,
    isIncludedInMenu: true,
    isGroupModifier: false,
    order,
    imageUrl: null,
    additionalInfo: {},
    ...extra,
  };
}

/** The parts of a product that are empty unless a product says otherwise (a fresh object each call). */
export function plainProductParts(): Pick<
  Product,
  | 'oldPrice'
  | 'imageUrl'
  | 'groupModifiers'
  | 'allergens'
  | 'filters'
  | 'maxPerPositionInOrder'
  | 'additionalInfo'
  | 'likesCount'
  | 'isLiked'
> {
  return {
    oldPrice: null,
    imageUrl: null,
    groupModifiers: [],
    allergens: [],
    filters: [],
    maxPerPositionInOrder: 0,
    additionalInfo: {},
    likesCount: 0,
    isLiked: false,
  };
}

function product(id: string, name: string, parentGroup: string, price: number, extra: Partial<Product> = {}): Product {
  return {
    id,
    name,
    description: `${name}: описание`,
    code: id.replace(/\D/g, '').padStart(5, '0') || '00000',
    price,
    weight: 250,
    nutrition: { energy: 250, proteins: 10, fats: 8, carbohydrates: 30 },
    parentGroup,
    slug: id,
    ...plainProductParts(),
    ...extra,
  };
}

/** `count` sellable products (rolls, pizza with a required size, snacks, drinks) plus service and gift products. */
export function generateCatalog(count = 1000, seed = 42): Catalog {
  const r = random(seed);
  const groups: Group[] = [
    group(GROUP_IDS.rolls, 'Роллы', 'rolls', 1),
    group(GROUP_IDS.pizza, 'Пицца', 'pizza', 2),
    group(GROUP_IDS.snacks, 'Закуски', 'snacks', 3),
    group(GROUP_IDS.drinks, 'Напитки', 'drinks', 4),
    group(GROUP_IDS.service, 'Служебные', 'service', 99, {
      isIncludedInMenu: false,
      additionalInfo: { isServiceGroup: true },
    }),
    group(GROUP_IDS.sizes, 'Размер пиццы', 'pizza-size', 100, { isIncludedInMenu: false, isGroupModifier: true }),
  ];
  const kinds: Kind[] = ['rolls', 'rolls', 'rolls', 'pizza', 'pizza', 'snacks', 'drinks'];
  const products: Product[] = [];
  for (let i = 1; i <= count; i++) {
    const kind = r.pick(kinds);
    const name = `${r.pick(NAMES[kind])} №${i}`;
    const id = `p-${String(i).padStart(4, '0')}`;
    const price = r.int(9, 99) * 10;
    const extra: Partial<Product> = {};
    if (kind === 'pizza') {
      extra.groupModifiers = [
        {
          id: GROUP_IDS.sizes,
          required: true,
          maxAmount: 1,
          modifiers: [
            { modifierId: SIZE_MODS[0], price: 0 },
            { modifierId: SIZE_MODS[1], price: 150 },
          ],
        },
      ];
    }
    if (kind === 'snacks' && r.float() < 0.25) extra.additionalInfo = { sale: false };
    if (kind === 'drinks' && r.float() < 0.1) extra.maxPerPositionInOrder = 1;
    if (r.float() < 0.1) extra.oldPrice = price + 50;
    products.push(product(id, name, GROUP_IDS[kind], price, extra));
  }
  products.push(
    product(SIZE_MODS[0], '30 см', GROUP_IDS.sizes, 0),
    product(SIZE_MODS[1], '40 см', GROUP_IDS.sizes, 150),
    product(DELIVERY_PRODUCT_ID, 'Доставка', GROUP_IDS.service, 150),
    product(FREE_DELIVERY_PRODUCT_ID, 'Бесплатная доставка', GROUP_IDS.service, 0),
    product(SNACK_GIFT_ID, 'Картофель фри в подарок', GROUP_IDS.service, 0),
    product(PIZZA_GIFT_ID, 'Пицца в подарок', GROUP_IDS.service, 0, {
      groupModifiers: [
        { id: GROUP_IDS.sizes, required: true, maxAmount: 1, modifiers: [{ modifierId: SIZE_MODS[0], price: 0 }] },
      ],
    }),
  );
  return { groups, products, stopList: [] };
}

/** The products a customer can put in the cart by AddItem (not service, gift or modifier products). */
export function sellable(catalog: Catalog): Product[] {
  const menu = new Set(catalog.groups.filter((g) => g.isIncludedInMenu && !g.isGroupModifier).map((g) => g.id));
  return catalog.products.filter((p) => menu.has(p.parentGroup));
}

export const city: City = {
  id: CITY_ID,
  name: 'Ангарск',
  slug: 'angarsk',
  iikoId: CITY_IIKO_ID,
  cityIn: 'в Ангарске',
  timeZone: 'Asia/Irkutsk',
};

/** Open every day from 00:00 to 23:59 (an equal open and close would mean closed, PRODUCT.md §5). */
const allDay: WeekHours = Array.from({ length: 7 }, () => ({ open: '00:00', close: '23:59', isNextDay: false }));

export function generateSettings(storeVersion = '1'): Settings {
  return {
    IS_SITE_NOT_WORKING: false,
    TEXT_SITE_NOT_WORKING: '',
    STORE_VERSION: storeVersion,
    SETTINGS_VERSION: '1',
    MOBILE_APP_VERSION: '1',
    WORK_TIME: { [CITY_ID]: allDay },
    DELIVERY_TERMINALS: {
      [CITY_ID]: [
        {
          deliveryTerminalId: TERMINAL_ID,
          cityId: CITY_ID,
          name: 'Суши-бар на Ленина',
          address: 'Ангарск, ул. Ленина, 1',
          phone: '+73955000000',
          location: { lat: 52.54, lon: 103.89 },
          hours: allDay,
          cookingMinutes: 30,
          isOnlinePaymentDisabled: false,
        },
      ],
    },
    CITY_ZONES: {
      [CITY_ID]: [
        {
          id: 'zone-1',
          cityId: CITY_ID,
          name: 'Центр',
          polygon: [
            [103.8, 52.5],
            [104.0, 52.5],
            [104.0, 52.6],
            [103.8, 52.5],
          ],
          minSum: 700,
          deliveryPrice: 150,
          deliveryMinutes: 60,
          deliveryTerminalId: TERMINAL_ID,
        },
      ],
    },
    CITIES_DATA: {
      [CITY_IIKO_ID]: {
        deliveryId: DELIVERY_PRODUCT_ID,
        freeDeliveryFrom: 1500,
        freeDeliveryId: FREE_DELIVERY_PRODUCT_ID,
        serviceFeeId: null,
        isPromocodeHide: false,
      },
    },
    CATALOG_MENU: [
      { groupId: GROUP_IDS.rolls, title: 'Роллы' },
      { groupId: GROUP_IDS.pizza, title: 'Пицца' },
    ],
    STORIES: [],
    SLIDES: [],
    PHONES: { deliveryService: '+73955000001', restaurants: ['+73955000000'] },
    GIFT_IDS: { SNACK: SNACK_GIFT_ID, PIZZA: PIZZA_GIFT_ID },
    SECTION_ID_ADD_TO_ORDER: GROUP_IDS.drinks,
    SECTION_ID_ADDITIONALLY: GROUP_IDS.snacks,
    PIZZAS_GROUP_ID: GROUP_IDS.pizza,
    SNACKS_GROUP_ID: GROUP_IDS.snacks,
    CUSTOM_ADD_TO_CART_GROUPS_ID: [],
    ANGARSK_ID: CITY_ID,
    SHELEKHOV_ID: 'city-shelekhov',
    IS_ONLINE_PAYMENT_DISABLE: { delivery: false, self: false },
    CAPTCHA_SITE_KEY: '',
    IS_WITHOUT_RECAPTCHA: true,
    CAPTCHA_PROVIDER: null,
    CHECKOUT_DELIVERY_TEXT: { delivery: 'Доставим за 60 минут', self: 'Заберите через 30 минут' },
    MAPS_KEY: '',
    BONUS_SPEND_CAP: 0.3,
    BONUS_ACCRUAL_PERCENT: 5,
    ANALYTICS: null,
    HALF_PIZZA: null,
  };
}

export const user: User = {
  id: 'u-1',
  phone: '+79991234567',
  name: 'Иван',
  balance: 300,
  zoneId: 'zone-1',
  personalData: true,
  PUSHNotifications: false,
  receiveAdvertisingInformation: false,
  userAllergens: [],
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const count = Number(process.argv[2] ?? 1000);
  const seed = Number(process.argv[3] ?? 42);
  process.stdout.write(`${JSON.stringify(generateCatalog(count, seed), null, 2)}\n`);
}
