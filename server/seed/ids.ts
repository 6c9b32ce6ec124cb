// Ids of the demo chain that other code and tests may name. Readable on purpose: a real chain's
// iiko speaks UUIDs, and nothing may assume either shape (ids are opaque strings ≤ 64 chars).

export const CITY = {
  angarsk: 'city-angarsk',
  shelekhov: 'city-shelekhov',
  irkutsk: 'city-irkutsk',
} as const;

export const CITY_IIKO = {
  angarsk: 'iiko-angarsk',
  shelekhov: 'iiko-shelekhov',
  irkutsk: 'iiko-irkutsk',
} as const;

export const TERMINAL = {
  angarsk1: 'dt-angarsk-1',
  angarsk2: 'dt-angarsk-2',
  shelekhov1: 'dt-shelekhov-1',
  shelekhov2: 'dt-shelekhov-2',
  irkutsk1: 'dt-irkutsk-1',
  irkutsk2: 'dt-irkutsk-2',
  irkutsk3: 'dt-irkutsk-3',
} as const;

export const GROUP = {
  rolls: 'rolls',
  bakedRolls: 'baked-rolls',
  sets: 'sets',
  pizza: 'pizza',
  snacks: 'snacks',
  drinks: 'drinks',
  sauces: 'sauces',
  desserts: 'desserts',
  /** SECTION_ID_ADD_TO_ORDER: 'Добавить к заказу' (ginger, wasabi, chopsticks…), shown in the cart. */
  addToOrder: 'add-to-order',
  /** SECTION_ID_ADDITIONALLY: 'Дополнительно', shown in the cart. */
  additionally: 'additionally',
  /** Hidden service group: delivery, free delivery, service fee. */
  service: 'service',
  /** Modifier groups (isGroupModifier). */
  pizzaSize: 'mod-pizza-size',
  pizzaDough: 'mod-pizza-dough',
  pizzaToppings: 'mod-pizza-toppings',
  setRoll: 'mod-set-roll',
} as const;

export const PRODUCT = {
  /** GIFT_IDS.SNACK: картофель фри. */
  fries: 'fries',
  /** GIFT_IDS.PIZZA. */
  giftPizza: 'pizza-margherita',
  deliveryAngarsk: 'delivery-angarsk',
  deliveryShelekhov: 'delivery-shelekhov',
  deliveryIrkutsk: 'delivery-irkutsk',
  freeDelivery: 'free-delivery',
  serviceFee: 'service-fee',
  /** A snack with additionalInfo.sale = false (does not count towards the snack gift). */
  snackNotForSale: 'chuka-salad',
  /** A drink with maxPerPositionInOrder = 2. */
  limitedDrink: 'lemonade-homemade',
  /** A set with the required 'Выберите ролл' choice. */
  setWithChoice: 'set-choice',
  pizzaSize25: 'pizza-size-25',
  pizzaSize30: 'pizza-size-30',
  pizzaSize35: 'pizza-size-35',
  doughThin: 'dough-thin',
  doughTraditional: 'dough-traditional',
} as const;
