// The demo chain's menu: groups (menu groups, cart sections, the hidden service group and the
// modifier groups) and products with Russian names, compositions, weights, nutrition per 100 g,
// allergens and filters. Prices are integer roubles.
import type { Coded, GroupModifier, Nutrition } from '../../src/api/entities.js';
import { unitHash } from './geo.js';
import { GROUP, PRODUCT } from './ids.js';

export interface SeedGroup {
  id: string;
  name: string;
  slug: string;
  parentGroup: string | null;
  isIncludedInMenu: boolean;
  isGroupModifier: boolean;
  isServiceGroup: boolean;
  position: number;
  imageUrl: string | null;
}

export interface SeedProduct {
  id: string;
  name: string;
  description: string;
  code: string;
  price: number;
  oldPrice: number | null;
  weight: number | null;
  nutrition: Nutrition | null;
  parentGroup: string;
  slug: string;
  imageUrl: string | null;
  groupModifiers: GroupModifier[];
  allergens: Coded[];
  filters: Coded[];
  maxPerPosition: number;
  sale: boolean | null;
  position: number;
}

export const ALLERGENS = {
  sesame: { code: 'sesame', name: 'кунжут' },
  nuts: { code: 'nuts', name: 'орехи' },
  fish: { code: 'fish', name: 'рыба' },
  milk: { code: 'milk', name: 'молоко' },
  gluten: { code: 'gluten', name: 'глютен' },
  crustaceans: { code: 'crustaceans', name: 'ракообразные' },
  soy: { code: 'soy', name: 'соя' },
  egg: { code: 'egg', name: 'яйцо' },
} as const satisfies Record<string, Coded>;
export type AllergenCode = keyof typeof ALLERGENS;

export const FILTERS = {
  spicy: { code: 'spicy', name: 'острое' },
  vegetarian: { code: 'vegetarian', name: 'вегетарианское' },
  'no-fish': { code: 'no-fish', name: 'без рыбы' },
  hit: { code: 'hit', name: 'хит' },
  new: { code: 'new', name: 'новинка' },
} as const satisfies Record<string, Coded>;
export type FilterCode = keyof typeof FILTERS;

const menuGroup = (id: string, name: string, position: number): SeedGroup => ({
  id,
  name,
  slug: id,
  parentGroup: null,
  isIncludedInMenu: true,
  isGroupModifier: false,
  isServiceGroup: false,
  position,
  imageUrl: `/img/groups/${id}.svg`,
});
const hiddenGroup = (id: string, name: string, position: number, extra: Partial<SeedGroup>): SeedGroup => ({
  ...menuGroup(id, name, position),
  isIncludedInMenu: false,
  imageUrl: null,
  ...extra,
});

export const GROUPS: SeedGroup[] = [
  menuGroup(GROUP.rolls, 'Роллы', 1),
  menuGroup(GROUP.bakedRolls, 'Запечённые роллы', 2),
  menuGroup(GROUP.sets, 'Сеты', 3),
  menuGroup(GROUP.pizza, 'Пицца', 4),
  menuGroup(GROUP.snacks, 'Закуски', 5),
  menuGroup(GROUP.drinks, 'Напитки', 6),
  menuGroup(GROUP.sauces, 'Соусы', 7),
  menuGroup(GROUP.desserts, 'Десерты', 8),
  hiddenGroup(GROUP.addToOrder, 'Добавить к заказу', 20, {}),
  hiddenGroup(GROUP.additionally, 'Дополнительно', 21, {}),
  hiddenGroup(GROUP.service, 'Служебные', 90, { isServiceGroup: true }),
  hiddenGroup(GROUP.pizzaSize, 'Размер пиццы', 100, { isGroupModifier: true }),
  hiddenGroup(GROUP.pizzaDough, 'Тесто', 101, { isGroupModifier: true }),
  hiddenGroup(GROUP.pizzaToppings, 'Добавки к пицце', 102, { isGroupModifier: true }),
  hiddenGroup(GROUP.setRoll, 'Выберите ролл', 103, { isGroupModifier: true }),
];

/** Typical nutrition per 100 g of each group: energy kcal, proteins, fats, carbohydrates. */
const NUTRITION_BASE: Record<string, [number, number, number, number]> = {
  [GROUP.rolls]: [175, 7.5, 6.2, 22.4],
  [GROUP.bakedRolls]: [228, 8.1, 11.6, 22.9],
  [GROUP.sets]: [196, 7.7, 8.3, 22.6],
  [GROUP.pizza]: [247, 10.8, 9.9, 28.6],
  [GROUP.snacks]: [286, 11.2, 15.4, 25.7],
  [GROUP.drinks]: [42, 0, 0, 10.6],
  [GROUP.sauces]: [212, 1.9, 16.8, 12.3],
  [GROUP.desserts]: [318, 5.4, 16.2, 37.9],
  [GROUP.addToOrder]: [48, 1.2, 0.3, 10.1],
  [GROUP.additionally]: [130, 2.6, 0.3, 28.7],
};

/** The group's typical values varied by up to ±12 % per product, deterministically. */
function nutritionFor(group: string, id: string, override?: [number, number, number, number]): Nutrition | null {
  const base = override ?? NUTRITION_BASE[group];
  if (!base) return null;
  const vary = (n: number, k: string) => Math.round(n * (0.88 + 0.24 * unitHash(`${id}:${k}`)) * 10) / 10;
  const [energy, proteins, fats, carbohydrates] = base;
  return {
    energy: Math.round(vary(energy, 'e')),
    proteins: vary(proteins, 'p'),
    fats: vary(fats, 'f'),
    carbohydrates: vary(carbohydrates, 'c'),
  };
}

interface Options {
  old?: number;
  allergens?: AllergenCode[];
  filters?: FilterCode[];
  /** Exact nutrition per 100 g instead of the group's typical values. */
  nutrition?: [number, number, number, number] | null;
  mods?: GroupModifier[];
  max?: number;
  sale?: boolean;
}
type Row = [id: string, name: string, price: number, weight: number | null, description: string, options?: Options];

/** A modifier group of the demo menu: its options as [modifier id, price]. */
function modifierGroup(
  id: string,
  required: boolean,
  maxAmount: number,
  options: [modifierId: string, price: number][],
): GroupModifier {
  return { id, required, maxAmount, modifiers: options.map(([modifierId, price]) => ({ modifierId, price })) };
}

const PIZZA_MODS: GroupModifier[] = [
  modifierGroup(GROUP.pizzaSize, true, 1, [
    [PRODUCT.pizzaSize25, 0],
    [PRODUCT.pizzaSize30, 150],
    [PRODUCT.pizzaSize35, 300],
  ]),
  modifierGroup(GROUP.pizzaDough, true, 1, [
    [PRODUCT.doughTraditional, 0],
    [PRODUCT.doughThin, 0],
  ]),
  modifierGroup(GROUP.pizzaToppings, false, 3, [
    ['topping-mozzarella', 79],
    ['topping-bacon', 99],
    ['topping-mushrooms', 59],
    ['topping-jalapeno', 49],
    ['topping-olives', 59],
  ]),
];

const SET_ROLL_CHOICE: GroupModifier = modifierGroup(GROUP.setRoll, true, 1, [
  ['set-roll-philadelphia', 0],
  ['set-roll-california', 0],
  ['set-roll-kappa', 0],
  ['set-roll-spicy-salmon', 50],
]);

const FISH: AllergenCode[] = ['fish', 'soy', 'sesame'];

const ROWS: Record<string, Row[]> = {
  [GROUP.rolls]: [
    [
      'philadelphia-classic',
      'Филадельфия классик',
      459,
      250,
      'Лосось, сливочный сыр, рис, нори. 8 шт.',
      { allergens: ['fish', 'milk', 'soy'], filters: ['hit'] },
    ],
    [
      'philadelphia-cucumber',
      'Филадельфия с огурцом',
      429,
      250,
      'Лосось, сливочный сыр, свежий огурец, рис, нори. 8 шт.',
      { allergens: ['fish', 'milk', 'soy'], old: 479 },
    ],
    [
      'california-crab',
      'Калифорния с крабом',
      349,
      230,
      'Снежный краб, авокадо, огурец, японский майонез, икра масаго. 8 шт.',
      { allergens: ['crustaceans', 'fish', 'egg', 'soy'], filters: ['hit'] },
    ],
    [
      'california-salmon',
      'Калифорния с лососем',
      389,
      230,
      'Лосось, авокадо, огурец, икра масаго, рис, нори. 8 шт.',
      { allergens: FISH },
    ],
    [
      'canada',
      'Канада',
      489,
      260,
      'Угорь, лосось, сливочный сыр, огурец, соус унаги, кунжут. 8 шт.',
      { allergens: ['fish', 'milk', 'soy', 'sesame'] },
    ],
    [
      'dragon',
      'Дракон',
      519,
      270,
      'Угорь, креветка темпура, сливочный сыр, авокадо, соус унаги. 8 шт.',
      { allergens: ['fish', 'crustaceans', 'milk', 'soy', 'gluten', 'sesame'], filters: ['new'] },
    ],
    [
      'alaska',
      'Аляска',
      369,
      240,
      'Лосось, огурец, сливочный сыр, зелёный лук, кунжут. 8 шт.',
      { allergens: ['fish', 'milk', 'sesame', 'soy'] },
    ],
    [
      'bonito',
      'Бонито',
      329,
      220,
      'Копчёный лосось, сливочный сыр, огурец, стружка тунца бонито. 8 шт.',
      { allergens: ['fish', 'milk', 'soy'] },
    ],
    [
      'kappa-maki',
      'Каппа маки',
      149,
      120,
      'Свежий огурец, рис, нори, кунжут. 6 шт.',
      { allergens: ['sesame', 'soy'], filters: ['vegetarian', 'no-fish'], nutrition: [128, 2.6, 1.9, 25.4] },
    ],
    ['salmon-maki', 'Маки с лососем', 219, 120, 'Лосось, рис, нори. 6 шт.', { allergens: ['fish', 'soy'] }],
    ['tuna-maki', 'Маки с тунцом', 229, 120, 'Тунец, рис, нори. 6 шт.', { allergens: ['fish', 'soy'] }],
    [
      'chuka-maki',
      'Чука маки',
      169,
      130,
      'Салат чука, ореховый соус, рис, нори. 6 шт.',
      { allergens: ['nuts', 'sesame', 'soy'], filters: ['vegetarian', 'no-fish'] },
    ],
    [
      'caesar-roll',
      'Цезарь ролл',
      319,
      240,
      'Куриное филе, салат айсберг, томаты, пармезан, соус цезарь. 8 шт.',
      { allergens: ['milk', 'egg', 'gluten', 'soy'], filters: ['no-fish'] },
    ],
    [
      'spicy-salmon',
      'Спайси лосось',
      399,
      240,
      'Лосось, огурец, острый соус спайси, икра тобико. 8 шт.',
      { allergens: ['fish', 'egg', 'soy'], filters: ['spicy'] },
    ],
    [
      'ebi-tempura',
      'Эби темпура',
      429,
      260,
      'Тигровая креветка в темпуре, сливочный сыр, огурец, соус унаги. 8 шт.',
      { allergens: ['crustaceans', 'milk', 'gluten', 'egg', 'soy'], filters: ['no-fish'] },
    ],
    [
      'unagi-maki',
      'Унаги маки',
      249,
      120,
      'Копчёный угорь, соус унаги, кунжут, рис, нори. 6 шт.',
      { allergens: ['fish', 'soy', 'sesame'] },
    ],
  ],
  [GROUP.bakedRolls]: [
    [
      'baked-salmon',
      'Запечённый лосось',
      429,
      260,
      'Лосось, сливочный сыр, огурец под сырной шапкой. 8 шт.',
      { allergens: ['fish', 'milk', 'soy', 'egg'], filters: ['hit'] },
    ],
    [
      'baked-california',
      'Запечённая Калифорния',
      389,
      250,
      'Снежный краб, огурец, икра масаго под соусом спайси. 8 шт.',
      { allergens: ['crustaceans', 'fish', 'egg', 'soy'], filters: ['spicy'] },
    ],
    [
      'baked-eel',
      'Запечённый угорь',
      459,
      260,
      'Угорь, сливочный сыр, огурец, соус унаги, сырная шапка. 8 шт.',
      { allergens: ['fish', 'milk', 'soy', 'egg'] },
    ],
    [
      'baked-mussels',
      'Запечённый с мидиями',
      379,
      250,
      'Мидии, огурец, сливочный сыр, соус спайси. 8 шт.',
      { allergens: ['crustaceans', 'milk', 'egg', 'soy'], filters: ['spicy'] },
    ],
    [
      'baked-crab',
      'Запечённый краб',
      359,
      250,
      'Снежный краб, сливочный сыр, огурец, сырный соус. 8 шт.',
      { allergens: ['crustaceans', 'milk', 'egg', 'soy'], old: 399 },
    ],
    [
      'baked-philadelphia',
      'Запечённая Филадельфия',
      479,
      270,
      'Лосось, сливочный сыр, авокадо под сырной шапкой. 8 шт.',
      { allergens: ['fish', 'milk', 'egg', 'soy'] },
    ],
    [
      'baked-chicken',
      'Запечённый с курицей',
      329,
      250,
      'Копчёная курица, сливочный сыр, огурец, соус терияки. 8 шт.',
      { allergens: ['milk', 'egg', 'soy', 'sesame'], filters: ['no-fish'] },
    ],
    [
      'baked-spicy-tuna',
      'Запечённый острый тунец',
      419,
      250,
      'Тунец, огурец, зелёный лук, соус спайси, перец чили. 8 шт.',
      { allergens: ['fish', 'egg', 'soy'], filters: ['spicy', 'new'] },
    ],
    [
      'volcano',
      'Вулкан',
      399,
      260,
      'Лосось, снежный краб, огурец, острая шапка из соуса спайси и икры масаго. 8 шт.',
      { allergens: ['fish', 'crustaceans', 'egg', 'soy'], filters: ['spicy'] },
    ],
    [
      'baked-scallop',
      'Запечённый гребешок',
      549,
      250,
      'Морской гребешок, сливочный сыр, огурец, сырная шапка. 8 шт.',
      { allergens: ['crustaceans', 'milk', 'egg', 'soy'], filters: ['new'] },
    ],
  ],
  [GROUP.sets]: [
    [
      PRODUCT.setWithChoice,
      'Сет «Собери сам»',
      899,
      620,
      'Филадельфия классик, Калифорния с крабом и ещё один ролл на ваш выбор. 24 шт.',
      { allergens: ['fish', 'crustaceans', 'milk', 'egg', 'soy'], mods: [SET_ROLL_CHOICE], filters: ['new'] },
    ],
    [
      'set-philadelphia',
      'Сет Филадельфия',
      1290,
      750,
      'Филадельфия классик, Филадельфия с огурцом, Запечённая Филадельфия. 24 шт.',
      { allergens: ['fish', 'milk', 'egg', 'soy'], old: 1390, filters: ['hit'] },
    ],
    [
      'set-california',
      'Сет Калифорния',
      999,
      690,
      'Калифорния с крабом, Калифорния с лососем, Запечённая Калифорния. 24 шт.',
      { allergens: ['fish', 'crustaceans', 'egg', 'soy'] },
    ],
    [
      'set-hot',
      'Сет Горячий',
      1190,
      760,
      'Запечённый лосось, Запечённый угорь, Запечённый краб. 24 шт.',
      { allergens: ['fish', 'crustaceans', 'milk', 'egg', 'soy'] },
    ],
    [
      'set-family',
      'Сет Семейный',
      1890,
      1250,
      'Филадельфия классик, Канада, Калифорния с крабом, Запечённый лосось, Каппа маки. 38 шт.',
      { allergens: ['fish', 'crustaceans', 'milk', 'egg', 'soy', 'sesame'], filters: ['hit'] },
    ],
    [
      'set-mini',
      'Сет Мини',
      549,
      380,
      'Маки с лососем, Каппа маки, Калифорния с крабом. 20 шт.',
      { allergens: ['fish', 'crustaceans', 'egg', 'soy', 'sesame'] },
    ],
    [
      'set-samurai',
      'Сет Самурай',
      1490,
      920,
      'Дракон, Спайси лосось, Вулкан, Унаги маки. 30 шт.',
      { allergens: ['fish', 'crustaceans', 'milk', 'egg', 'soy', 'sesame', 'gluten'], filters: ['spicy'] },
    ],
    [
      'set-vegetarian',
      'Сет Вегетарианский',
      499,
      420,
      'Каппа маки, Чука маки, ролл с авокадо и огурцом. 18 шт.',
      { allergens: ['nuts', 'sesame', 'soy'], filters: ['vegetarian', 'no-fish'] },
    ],
  ],
  [GROUP.pizza]: [
    [
      PRODUCT.giftPizza,
      'Маргарита',
      449,
      480,
      'Томатный соус, моцарелла, томаты, базилик. 25 см.',
      { allergens: ['gluten', 'milk'], filters: ['vegetarian', 'no-fish'], mods: PIZZA_MODS },
    ],
    [
      'pizza-pepperoni',
      'Пепперони',
      529,
      500,
      'Томатный соус, моцарелла, пикантная пепперони. 25 см.',
      { allergens: ['gluten', 'milk'], filters: ['spicy', 'no-fish', 'hit'], mods: PIZZA_MODS },
    ],
    [
      'pizza-four-cheese',
      'Четыре сыра',
      579,
      470,
      'Сливочный соус, моцарелла, пармезан, чеддер, дорблю. 25 см.',
      { allergens: ['gluten', 'milk'], filters: ['vegetarian', 'no-fish'], mods: PIZZA_MODS },
    ],
    [
      'pizza-hawaiian',
      'Гавайская',
      519,
      520,
      'Томатный соус, моцарелла, курица, ананасы. 25 см.',
      { allergens: ['gluten', 'milk'], filters: ['no-fish'], mods: PIZZA_MODS },
    ],
    [
      'pizza-meat',
      'Мясная',
      619,
      560,
      'Соус барбекю, моцарелла, ветчина, бекон, пепперони, охотничьи колбаски. 25 см.',
      { allergens: ['gluten', 'milk', 'soy'], filters: ['no-fish'], mods: PIZZA_MODS, old: 669 },
    ],
    [
      'pizza-caesar',
      'Цезарь',
      559,
      510,
      'Соус цезарь, моцарелла, курица, томаты черри, салат, пармезан. 25 см.',
      { allergens: ['gluten', 'milk', 'egg'], filters: ['no-fish'], mods: PIZZA_MODS },
    ],
    [
      'pizza-bbq',
      'Барбекю',
      569,
      530,
      'Соус барбекю, моцарелла, курица, бекон, красный лук. 25 см.',
      { allergens: ['gluten', 'milk', 'soy'], filters: ['no-fish'], mods: PIZZA_MODS },
    ],
    [
      'pizza-mushroom',
      'Грибная',
      489,
      490,
      'Сливочный соус, моцарелла, шампиньоны, лесные грибы, тимьян. 25 см.',
      { allergens: ['gluten', 'milk'], filters: ['vegetarian', 'no-fish'], mods: PIZZA_MODS },
    ],
    [
      'pizza-ham-mushrooms',
      'Ветчина и грибы',
      509,
      510,
      'Томатный соус, моцарелла, ветчина, шампиньоны. 25 см.',
      { allergens: ['gluten', 'milk'], filters: ['no-fish'], mods: PIZZA_MODS },
    ],
    [
      'pizza-seafood',
      'Морская',
      689,
      520,
      'Сливочный соус, моцарелла, креветки, мидии, кальмар, лосось. 25 см.',
      { allergens: ['gluten', 'milk', 'fish', 'crustaceans'], filters: ['new'], mods: PIZZA_MODS },
    ],
    [
      'pizza-vegetarian',
      'Овощная',
      469,
      500,
      'Томатный соус, моцарелла, болгарский перец, томаты, маслины, красный лук, шампиньоны. 25 см.',
      { allergens: ['gluten', 'milk'], filters: ['vegetarian', 'no-fish'], mods: PIZZA_MODS },
    ],
  ],
  [GROUP.snacks]: [
    [
      PRODUCT.fries,
      'Картофель фри',
      149,
      120,
      'Хрустящий картофель фри с солью.',
      { allergens: [], filters: ['vegetarian', 'no-fish', 'hit'], nutrition: [312, 3.4, 15.1, 41.2] },
    ],
    [
      'potato-wedges',
      'Картофель по-деревенски',
      169,
      150,
      'Дольки картофеля в специях, запечённые до золотистой корочки.',
      { allergens: [], filters: ['vegetarian', 'no-fish'] },
    ],
    [
      'chicken-nuggets',
      'Наггетсы куриные',
      229,
      150,
      'Куриное филе в хрустящей панировке. 8 шт.',
      { allergens: ['gluten', 'egg'], filters: ['no-fish'] },
    ],
    [
      'onion-rings',
      'Луковые кольца',
      179,
      120,
      'Кольца лука в пивном кляре.',
      { allergens: ['gluten', 'egg', 'milk'], filters: ['vegetarian', 'no-fish'] },
    ],
    [
      'shrimp-tempura',
      'Креветки темпура',
      389,
      160,
      'Тигровые креветки в лёгком кляре темпура с соусом свит-чили. 6 шт.',
      { allergens: ['crustaceans', 'gluten', 'egg'], filters: ['no-fish'] },
    ],
    [
      'cheese-sticks',
      'Сырные палочки',
      249,
      140,
      'Моцарелла в панировке с брусничным соусом. 6 шт.',
      { allergens: ['milk', 'gluten', 'egg'], filters: ['vegetarian', 'no-fish'] },
    ],
    [
      'bbq-wings',
      'Куриные крылья барбекю',
      299,
      250,
      'Запечённые куриные крылья в соусе барбекю. 8 шт.',
      { allergens: ['soy', 'gluten'], filters: ['no-fish'], old: 339 },
    ],
    [
      'gyoza-chicken',
      'Гёдза с курицей',
      279,
      180,
      'Японские пельмени с курицей и овощами, обжаренные с одной стороны. 6 шт.',
      { allergens: ['gluten', 'soy', 'sesame'], filters: ['no-fish', 'new'] },
    ],
    [
      'edamame',
      'Эдамаме',
      199,
      150,
      'Молодые соевые бобы с морской солью.',
      { allergens: ['soy'], filters: ['vegetarian', 'no-fish'], nutrition: [122, 11.9, 5.2, 8.9] },
    ],
    [
      PRODUCT.snackNotForSale,
      'Салат чука',
      229,
      150,
      'Водоросли чука с ореховым соусом и кунжутом.',
      {
        allergens: ['nuts', 'sesame', 'soy'],
        filters: ['vegetarian', 'no-fish'],
        sale: false,
        nutrition: [94, 1.8, 5.1, 10.4],
      },
    ],
  ],
  [GROUP.drinks]: [
    [
      'coca-cola',
      'Кока-Кола 0,5 л',
      119,
      500,
      'Газированный напиток в пластиковой бутылке.',
      { allergens: [], filters: ['vegetarian', 'no-fish'], nutrition: [42, 0, 0, 10.6] },
    ],
    [
      'sprite',
      'Спрайт 0,5 л',
      119,
      500,
      'Газированный напиток со вкусом лимона и лайма.',
      { allergens: [], filters: ['vegetarian', 'no-fish'], nutrition: [39, 0, 0, 9.8] },
    ],
    [
      'fanta',
      'Фанта 0,5 л',
      119,
      500,
      'Газированный апельсиновый напиток.',
      { allergens: [], filters: ['vegetarian', 'no-fish'], nutrition: [38, 0, 0, 9.4] },
    ],
    [
      'cranberry-mors',
      'Морс клюквенный 0,5 л',
      139,
      500,
      'Домашний морс из сибирской клюквы.',
      { allergens: [], filters: ['vegetarian', 'no-fish', 'hit'], nutrition: [46, 0.1, 0, 11.4] },
    ],
    [
      'orange-juice',
      'Сок апельсиновый 1 л',
      229,
      1000,
      'Апельсиновый сок прямого отжима.',
      { allergens: [], filters: ['vegetarian', 'no-fish'], nutrition: [45, 0.7, 0.2, 10.4] },
    ],
    [
      'mineral-water',
      'Вода минеральная 0,5 л',
      89,
      500,
      'Столовая минеральная вода без газа.',
      { allergens: [], filters: ['vegetarian', 'no-fish'], nutrition: [0, 0, 0, 0] },
    ],
    [
      'iced-tea',
      'Холодный чай с лимоном 0,5 л',
      129,
      500,
      'Чёрный чай с лимоном.',
      { allergens: [], filters: ['vegetarian', 'no-fish'], nutrition: [32, 0, 0, 8] },
    ],
    [
      PRODUCT.limitedDrink,
      'Лимонад домашний 1 л',
      259,
      1000,
      'Лимонад с мятой и лаймом собственного приготовления. Не более двух в одной позиции заказа.',
      { allergens: [], filters: ['vegetarian', 'no-fish', 'new'], max: 2, nutrition: [36, 0, 0, 9] },
    ],
  ],
  [GROUP.sauces]: [
    [
      'sauce-soy',
      'Соус соевый',
      39,
      40,
      'Классический соевый соус.',
      { allergens: ['soy', 'gluten'], filters: ['vegetarian', 'no-fish'], nutrition: [51, 6, 0, 6.8] },
    ],
    [
      'sauce-spicy',
      'Соус спайси',
      49,
      40,
      'Острый соус на основе японского майонеза.',
      { allergens: ['egg'], filters: ['spicy', 'vegetarian', 'no-fish'], nutrition: [602, 1.1, 65, 3.2] },
    ],
    [
      'sauce-unagi',
      'Соус унаги',
      49,
      40,
      'Сладковатый соус для угря.',
      { allergens: ['soy', 'gluten'], filters: ['vegetarian', 'no-fish'], nutrition: [225, 2.1, 0.1, 52] },
    ],
    [
      'sauce-teriyaki',
      'Соус терияки',
      49,
      40,
      'Соус терияки с имбирём.',
      { allergens: ['soy', 'gluten', 'sesame'], filters: ['vegetarian', 'no-fish'], nutrition: [89, 5.9, 0, 15.6] },
    ],
    [
      'sauce-cheese',
      'Соус сырный',
      59,
      40,
      'Сливочно-сырный соус.',
      { allergens: ['milk', 'egg'], filters: ['vegetarian', 'no-fish'], nutrition: [380, 3.1, 38.5, 5.1] },
    ],
    [
      'sauce-sweet-sour',
      'Соус кисло-сладкий',
      49,
      40,
      'Кисло-сладкий соус по-китайски.',
      { allergens: [], filters: ['vegetarian', 'no-fish'], nutrition: [145, 0.3, 0.1, 35.8] },
    ],
    [
      'sauce-garlic',
      'Соус чесночный',
      49,
      40,
      'Сливочный соус с чесноком и зеленью.',
      { allergens: ['milk', 'egg'], filters: ['vegetarian', 'no-fish'], nutrition: [310, 1.6, 32, 4.4] },
    ],
  ],
  [GROUP.desserts]: [
    [
      'cheesecake-ny',
      'Чизкейк Нью-Йорк',
      249,
      120,
      'Классический сливочный чизкейк на песочной основе.',
      { allergens: ['milk', 'egg', 'gluten'], filters: ['vegetarian', 'no-fish', 'hit'] },
    ],
    [
      'mochi-strawberry',
      'Моти клубничное',
      159,
      70,
      'Японский десерт из рисового теста с клубничной начинкой.',
      { allergens: ['milk'], filters: ['vegetarian', 'no-fish'] },
    ],
    [
      'mochi-mango',
      'Моти манго',
      159,
      70,
      'Рисовое тесто с нежной начинкой из манго.',
      { allergens: ['milk'], filters: ['vegetarian', 'no-fish', 'new'] },
    ],
    [
      'tiramisu',
      'Тирамису',
      269,
      130,
      'Савоярди, маскарпоне, кофе и какао.',
      { allergens: ['milk', 'egg', 'gluten'], filters: ['vegetarian', 'no-fish'] },
    ],
    [
      'brownie',
      'Брауни с грецким орехом',
      189,
      100,
      'Шоколадный брауни с грецким орехом.',
      { allergens: ['nuts', 'milk', 'egg', 'gluten'], filters: ['vegetarian', 'no-fish'], old: 219 },
    ],
  ],
  [GROUP.addToOrder]: [
    [
      'ginger',
      'Имбирь маринованный',
      39,
      30,
      'Порция маринованного имбиря.',
      { allergens: [], filters: ['vegetarian', 'no-fish'], nutrition: [51, 0.2, 0.1, 12.5] },
    ],
    [
      'wasabi',
      'Васаби',
      39,
      15,
      'Порция японского хрена васаби.',
      { allergens: [], filters: ['spicy', 'vegetarian', 'no-fish'], nutrition: [109, 4.8, 0.6, 23.5] },
    ],
    [
      'chopsticks',
      'Палочки для еды',
      10,
      null,
      'Бамбуковые палочки, одна пара.',
      { allergens: [], filters: [], nutrition: null },
    ],
    [
      'soy-sauce-portion',
      'Соевый соус порционный',
      29,
      30,
      'Порционный соевый соус к роллам.',
      { allergens: ['soy', 'gluten'], filters: ['vegetarian', 'no-fish'], nutrition: [51, 6, 0, 6.8] },
    ],
    [
      'sesame-sauce',
      'Ореховый соус',
      49,
      40,
      'Соус из кунжута и арахиса.',
      { allergens: ['nuts', 'sesame'], filters: ['vegetarian', 'no-fish'], nutrition: [382, 7.1, 33.4, 14.2] },
    ],
  ],
  [GROUP.additionally]: [
    [
      'training-chopsticks',
      'Палочки-зажимы для начинающих',
      25,
      null,
      'Палочки с зажимом: удобно детям и тем, кто только учится.',
      { allergens: [], filters: [], nutrition: null },
    ],
    [
      'wet-wipes',
      'Влажная салфетка',
      10,
      null,
      'Индивидуально упакованная влажная салфетка.',
      { allergens: [], filters: [], nutrition: null },
    ],
    [
      'extra-rice',
      'Порция риса',
      69,
      150,
      'Отварной японский рис.',
      { allergens: [], filters: ['vegetarian', 'no-fish'], nutrition: [130, 2.6, 0.3, 28.7] },
    ],
  ],
};

const plain = (
  id: string,
  name: string,
  price: number,
  parentGroup: string,
  description = '',
): Row & { group: string } =>
  Object.assign([id, name, price, null, description, { allergens: [], filters: [], nutrition: null }] as Row, {
    group: parentGroup,
  });

/** Modifier products and service products: never shown in the menu, no pictures of their own. */
const HIDDEN_ROWS: (Row & { group: string })[] = [
  plain(PRODUCT.pizzaSize25, '25 см', 0, GROUP.pizzaSize),
  plain(PRODUCT.pizzaSize30, '30 см', 0, GROUP.pizzaSize),
  plain(PRODUCT.pizzaSize35, '35 см', 0, GROUP.pizzaSize),
  plain(PRODUCT.doughTraditional, 'Традиционное тесто', 0, GROUP.pizzaDough),
  plain(PRODUCT.doughThin, 'Тонкое тесто', 0, GROUP.pizzaDough),
  plain('topping-mozzarella', 'Моцарелла', 0, GROUP.pizzaToppings),
  plain('topping-bacon', 'Бекон', 0, GROUP.pizzaToppings),
  plain('topping-mushrooms', 'Шампиньоны', 0, GROUP.pizzaToppings),
  plain('topping-jalapeno', 'Халапеньо', 0, GROUP.pizzaToppings),
  plain('topping-olives', 'Маслины', 0, GROUP.pizzaToppings),
  plain('set-roll-philadelphia', 'Филадельфия классик', 0, GROUP.setRoll),
  plain('set-roll-california', 'Калифорния с крабом', 0, GROUP.setRoll),
  plain('set-roll-kappa', 'Каппа маки', 0, GROUP.setRoll),
  plain('set-roll-spicy-salmon', 'Спайси лосось', 0, GROUP.setRoll),
  plain(PRODUCT.deliveryAngarsk, 'Доставка', 150, GROUP.service, 'Платная доставка по Ангарску'),
  plain(PRODUCT.deliveryShelekhov, 'Доставка', 150, GROUP.service, 'Платная доставка по Шелехову'),
  plain(PRODUCT.deliveryIrkutsk, 'Доставка', 150, GROUP.service, 'Платная доставка по Иркутску'),
  plain(
    PRODUCT.freeDelivery,
    'Бесплатная доставка',
    0,
    GROUP.service,
    'Доставка бесплатно при заказе от суммы, указанной для города',
  ),
  plain(PRODUCT.serviceFee, 'Сервисный сбор', 29, GROUP.service, 'Сбор за обслуживание заказа'),
];

let code = 1000;
function toProduct(
  group: string,
  [id, name, price, weight, description, options = {}]: Row,
  position: number,
  withImage: boolean,
): SeedProduct {
  code += 1;
  return {
    id,
    name,
    description,
    code: String(code).padStart(5, '0'),
    price,
    oldPrice: options.old ?? null,
    weight,
    nutrition: options.nutrition === null ? null : nutritionFor(group, id, options.nutrition),
    parentGroup: group,
    slug: id,
    imageUrl: withImage ? `/img/products/${id}.svg` : null,
    groupModifiers: options.mods ?? [],
    allergens: (options.allergens ?? []).map((a) => ALLERGENS[a]),
    filters: (options.filters ?? []).map((f) => FILTERS[f]),
    maxPerPosition: options.max ?? 0,
    sale: options.sale ?? null,
    position,
  };
}

export const PRODUCTS: SeedProduct[] = [
  ...Object.entries(ROWS).flatMap(([group, rows]) => rows.map((row, i) => toProduct(group, row, i + 1, true))),
  ...HIDDEN_ROWS.map((row, i) => toProduct(row.group, row, i + 1, false)),
];

/** Products shown in the menu or the cart sections (not modifiers, not service lines). */
export const MENU_PRODUCTS = PRODUCTS.filter((p) => p.imageUrl !== null);

/** Stop list of the first Angarsk terminal: sold out for now. */
export const STOP_LIST: { deliveryTerminalId: string; productId: string; balance: number }[] = [
  { deliveryTerminalId: 'dt-angarsk-1', productId: 'baked-scallop', balance: 0 },
  { deliveryTerminalId: 'dt-angarsk-1', productId: 'pizza-seafood', balance: 0 },
  { deliveryTerminalId: 'dt-angarsk-1', productId: 'mochi-mango', balance: 0 },
];
