// Entities of PRODUCT.md §3, declared once as zod schemas and shared by the client and the server.
// Field names follow the spec (and iiko, which the chain's POS speaks) even where they are odd
// (`PUSHNotifications`, `cityIn`), so that data and docs line up.
import { z } from 'zod/mini';

export const Id = z.string().check(z.minLength(1), z.maxLength(64));
export const IsoDateTime = z.iso.datetime({ offset: true });

/** The path parameters of a route about one record (`/…/:id`). */
export const IdParams = z.object({ id: Id });

/** Nutrition per 100 g. */
export const Nutrition = z.object({
  energy: z.number().check(z.nonnegative()),
  proteins: z.number().check(z.nonnegative()),
  fats: z.number().check(z.nonnegative()),
  carbohydrates: z.number().check(z.nonnegative()),
});
export type Nutrition = z.infer<typeof Nutrition>;

export const City = z.object({
  id: Id,
  name: z.string(),
  slug: z.string().check(z.regex(/^[a-z0-9-]+$/)),
  iikoId: Id,
  /** Prepositional phrase for texts: 'в Ангарске'. */
  cityIn: z.string(),
  /** IANA time zone the city's working hours are written in, e.g. 'Asia/Irkutsk'. */
  timeZone: z.string(),
});
export type City = z.infer<typeof City>;

/** Per-city data keyed by the city's iikoId (setting CITIES_DATA). */
export const CityData = z.object({
  deliveryId: Id,
  freeDeliveryFrom: z.number().check(z.nonnegative()),
  freeDeliveryId: Id,
  serviceFeeId: z.nullable(Id),
  isPromocodeHide: z.boolean(),
});
export type CityData = z.infer<typeof CityData>;

export const Group = z.object({
  id: Id,
  name: z.string(),
  slug: z.string(),
  parentGroup: z.nullable(Id),
  isIncludedInMenu: z.boolean(),
  isGroupModifier: z.boolean(),
  /** Position in the menu, ascending. */
  order: z.int(),
  imageUrl: z.nullable(z.string()),
  additionalInfo: z._default(z.object({ isServiceGroup: z.optional(z.boolean()) }), {}),
});
export type Group = z.infer<typeof Group>;

/** One choice of a modifier group: `modifierId` is a product of a group with isGroupModifier. */
export const ModifierChoice = z.object({
  modifierId: Id,
  price: z.number().check(z.nonnegative()),
});
export type ModifierChoice = z.infer<typeof ModifierChoice>;

/** A group of modifiers attached to a product; `id` is the modifier group's id. */
export const GroupModifier = z.object({
  id: Id,
  required: z.boolean(),
  /** How many choices may be taken from the group (a required group needs at least 1). */
  maxAmount: z._default(z.int().check(z.positive()), 1),
  modifiers: z.array(ModifierChoice),
});
export type GroupModifier = z.infer<typeof GroupModifier>;

export const Coded = z.object({ code: z.string(), name: z.string() });
export type Coded = z.infer<typeof Coded>;

/** What a product's card and page show and offer, alike in the catalogue and the staff's menu editor. */
export const PRODUCT_CARD_FIELDS = {
  slug: z.string(),
  imageUrl: z.nullable(z.string()),
  groupModifiers: z.array(GroupModifier),
  allergens: z.array(Coded),
  filters: z.array(Coded),
  /** 0 means no limit; above 0 each addition makes a new cart line (PRODUCT.md §4 rule 5). */
  maxPerPositionInOrder: z.int().check(z.nonnegative()),
};

export const Product = z.object({
  id: Id,
  name: z.string(),
  description: z.string(),
  code: z.string(),
  price: z.number().check(z.nonnegative()),
  /** Price before the discount, shown struck through; null when not discounted. */
  oldPrice: z.nullable(z.number().check(z.nonnegative())),
  /** Grams (or millilitres for drinks). */
  weight: z.nullable(z.number().check(z.nonnegative())),
  nutrition: z.nullable(Nutrition),
  parentGroup: Id,
  ...PRODUCT_CARD_FIELDS,
  additionalInfo: z._default(z.object({ sale: z.optional(z.boolean()) }), {}),
  likesCount: z.int().check(z.nonnegative()),
  isLiked: z.boolean(),
});
export type Product = z.infer<typeof Product>;

/** What one delivery terminal (restaurant) cannot cook now. */
export const StopListEntry = z.object({
  deliveryTerminalId: Id,
  items: z.array(z.object({ productId: Id, balance: z.number() })),
});
export type StopListEntry = z.infer<typeof StopListEntry>;

export const Catalog = z.object({
  groups: z.array(Group),
  products: z.array(Product),
  stopList: z.array(StopListEntry),
});
export type Catalog = z.infer<typeof Catalog>;

/** 'HH:MM'. */
export const ClockTime = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/));
export const WorkDay = z.object({
  open: ClockTime,
  close: ClockTime,
  /** The day's window closes after midnight, on the next calendar day. */
  isNextDay: z.boolean(),
});
export type WorkDay = z.infer<typeof WorkDay>;
/** Seven days, Sunday first (as JavaScript's getDay). */
export const WeekHours = z.array(WorkDay).check(z.length(7));
export type WeekHours = z.infer<typeof WeekHours>;

export const GeoPoint = z.object({
  lat: z.number().check(z.minimum(-90), z.maximum(90)),
  lon: z.number().check(z.minimum(-180), z.maximum(180)),
});
export type GeoPoint = z.infer<typeof GeoPoint>;

export const Restaurant = z.object({
  deliveryTerminalId: Id,
  cityId: Id,
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  location: GeoPoint,
  /** Seven days, Sunday first; a day with equal open and close is closed (PRODUCT.md §5). */
  hours: WeekHours,
  /** Minutes to cook an order for pickup. */
  cookingMinutes: z.int().check(z.positive()),
  isOnlinePaymentDisabled: z.boolean(),
});
export type Restaurant = z.infer<typeof Restaurant>;

export const DeliveryZone = z.object({
  id: Id,
  cityId: Id,
  name: z.string(),
  /** Closed ring of [lon, lat] pairs (GeoJSON order). */
  polygon: z.array(z.tuple([z.number(), z.number()])).check(z.minLength(4)),
  /** Minimum sum of goods after discounts, excluding delivery and service fee. */
  minSum: z.number().check(z.nonnegative()),
  deliveryPrice: z.number().check(z.nonnegative()),
  deliveryMinutes: z.int().check(z.positive()),
  deliveryTerminalId: Id,
});
export type DeliveryZone = z.infer<typeof DeliveryZone>;

/** A picture with a title and an optional link: a story above the menu, a slide of the carousel. */
const PromoPicture = z.object({ id: Id, title: z.string(), imageUrl: z.string(), link: z.nullable(z.string()) });
export const Story = PromoPicture;
export const Slide = PromoPicture;
export const CatalogMenuEntry = z.object({ groupId: Id, title: z.string() });

/** The bot-check service the server verifies tokens with (its CAPTCHA_PROVIDER). */
export const CaptchaProvider = z.enum(['smartcaptcha', 'recaptcha']);
export type CaptchaProvider = z.infer<typeof CaptchaProvider>;

/**
 * The web counters (docs/ANALYTICS.md): their ids (the METRIKA_COUNTER_ID and GA4_MEASUREMENT_ID
 * settings, '' for one that is off) and where their scripts load from (the server's
 * METRIKA_SCRIPT_URL and GA4_SCRIPT_URL).
 */
export const AnalyticsSettings = z.object({
  metrika: z.string(),
  ga4: z.string(),
  metrikaScript: z.string(),
  ga4Script: z.string(),
});
export type AnalyticsSettings = z.infer<typeof AnalyticsSettings>;

/** How a half-and-half pizza is priced: the dearer of the two whole pizzas, or half of each (docs/HALF-PIZZA.md). */
export const HalfPizzaPricing = z.enum(['dearer', 'sum']);
export type HalfPizzaPricing = z.infer<typeof HalfPizzaPricing>;

/**
 * The HALF_PIZZA setting: the chain's price rule, a fixed fee on top (whole roubles) and the modifier
 * group that carries a pizza's size (both halves take the same choice of it).
 */
export const HalfPizzaSettings = z.object({
  pricing: HalfPizzaPricing,
  fee: z.int().check(z.nonnegative(), z.maximum(10000)),
  sizeGroupId: Id,
});
export type HalfPizzaSettings = z.infer<typeof HalfPizzaSettings>;

/** Settings of PRODUCT.md §3, as the client receives them from GET /api/v1/setting. */
export const Settings = z.object({
  IS_SITE_NOT_WORKING: z.boolean(),
  TEXT_SITE_NOT_WORKING: z.string(),
  STORE_VERSION: z.string(),
  SETTINGS_VERSION: z.string(),
  MOBILE_APP_VERSION: z.string(),
  /** Per city id. */
  WORK_TIME: z.record(z.string(), WeekHours),
  /** Restaurant list per city id. */
  DELIVERY_TERMINALS: z.record(z.string(), z.array(Restaurant)),
  /** Zones per city id. */
  CITY_ZONES: z.record(z.string(), z.array(DeliveryZone)),
  /** Per city iikoId. */
  CITIES_DATA: z.record(z.string(), CityData),
  CATALOG_MENU: z.array(CatalogMenuEntry),
  STORIES: z.array(Story),
  SLIDES: z.array(Slide),
  PHONES: z.object({ deliveryService: z.string(), restaurants: z.array(z.string()) }),
  GIFT_IDS: z.object({ SNACK: Id, PIZZA: Id }),
  SECTION_ID_ADD_TO_ORDER: Id,
  SECTION_ID_ADDITIONALLY: Id,
  PIZZAS_GROUP_ID: Id,
  SNACKS_GROUP_ID: Id,
  CUSTOM_ADD_TO_CART_GROUPS_ID: z.array(Id),
  ANGARSK_ID: Id,
  SHELEKHOV_ID: Id,
  IS_ONLINE_PAYMENT_DISABLE: z.object({ delivery: z.boolean(), self: z.boolean() }),
  CAPTCHA_SITE_KEY: z.string(),
  IS_WITHOUT_RECAPTCHA: z.boolean(),
  /**
   * Not stored: the server's CAPTCHA_PROVIDER when it has a CAPTCHA_SECRET, else null (it verifies
   * no token, so the client runs no widget). The sign-in form has no quote to learn it from.
   * Defaults to null: event logs recorded before it existed still parse.
   */
  CAPTCHA_PROVIDER: z._default(z.nullable(CaptchaProvider), null),
  CHECKOUT_DELIVERY_TEXT: z.object({ delivery: z.string(), self: z.string() }),
  MAPS_KEY: z.string(),
  /** Share of the order (0..1) that bonuses may pay for. */
  BONUS_SPEND_CAP: z.number().check(z.minimum(0), z.maximum(1)),
  /** Percent of the paid sum accrued as bonuses when an order is closed. */
  BONUS_ACCRUAL_PERCENT: z.number().check(z.minimum(0), z.maximum(100)),
  /** Not stored as such: the web counters, assembled by the server; null (the default) when neither id is set. */
  ANALYTICS: z._default(z.nullable(AnalyticsSettings), null),
  /** Half-and-half pizza (docs/HALF-PIZZA.md); null (the default, and in logs recorded before it) turns it off. */
  HALF_PIZZA: z._default(z.nullable(HalfPizzaSettings), null),
});
export type Settings = z.infer<typeof Settings>;

export const User = z.object({
  id: Id,
  phone: z.string(),
  name: z.string(),
  balance: z.number(),
  zoneId: z.nullable(Id),
  personalData: z.boolean(),
  PUSHNotifications: z.boolean(),
  receiveAdvertisingInformation: z.boolean(),
  /** Codes of allergens whose products the user wants hidden. */
  userAllergens: z.array(z.string()),
});
export type User = z.infer<typeof User>;

export const Address = z.object({
  id: Id,
  userId: Id,
  city: z.string(),
  street: z.string(),
  home: z.string(),
  apartment: z.nullable(z.string()),
  entrance: z.nullable(z.string()),
  floor: z.nullable(z.string()),
  intercom: z._default(z.nullable(z.string()), null),
  comment: z._default(z.nullable(z.string()), null),
  location: z._default(z.nullable(GeoPoint), null),
});
export type Address = z.infer<typeof Address>;

export const CartMod = z.object({
  id: Id,
  name: z.string(),
  amount: z.int().check(z.positive()),
  price: z.number().check(z.nonnegative()),
  code: z.string(),
  groupId: Id,
  groupName: z.string(),
});
export type CartMod = z.infer<typeof CartMod>;

/** One half of a half-and-half pizza: the pizza as the catalogue had it and its modifiers at the chosen size. */
export const PizzaHalf = z.object({ product: Product, mods: z.array(CartMod) });
export type PizzaHalf = z.infer<typeof PizzaHalf>;

/** What makes a cart line a half-and-half pizza: the size (a choice of HALF_PIZZA.sizeGroupId) and the halves as chosen. */
export const HalfPizzaParts = z.object({ sizeId: Id, halves: z.tuple([PizzaHalf, PizzaHalf]) });
export type HalfPizzaParts = z.infer<typeof HalfPizzaParts>;

export const CartItem = z.object({
  /** Line id, stable across quantity changes. */
  id: Id,
  product: Product,
  quantity: z.int().check(z.positive()),
  mods: z.array(CartMod),
  isGift: z.boolean(),
  isHidden: z.boolean(),
  isServiceFee: z.boolean(),
  fromPromocode: z.boolean(),
  /**
   * A half-and-half pizza line (docs/HALF-PIZZA.md): `product` is then the line's own product
   * (id 'half-…', name 'Половинки: A + B', the price the rule gives) and `mods` is empty.
   */
  halfPizza: z.optional(HalfPizzaParts),
});
export type CartItem = z.infer<typeof CartItem>;

export const DeliveryMethod = z.enum(['delivery', 'self']);
export type DeliveryMethod = z.infer<typeof DeliveryMethod>;

/** A free product the promotion engine grants. */
export const FreeProduct = z.object({
  productId: Id,
  /** Modifier groups the customer must choose from (e.g. a pizza gift's size). */
  hasModifiers: z.boolean(),
  fromPromocode: z.boolean(),
});
export type FreeProduct = z.infer<typeof FreeProduct>;

export const LostGift = z.object({ productId: Id, message: z.string() });
export type LostGift = z.infer<typeof LostGift>;

/** Promo-check order payload of PRODUCT.md §3. */
export const PromoOrderItemMod = z.object({
  id: Id,
  name: z.string(),
  amount: z.int().check(z.positive()),
  sum: z.number().check(z.nonnegative()),
  code: z.string(),
  groupId: Id,
  groupName: z.string(),
});
/** The halves of a half-and-half line as a request names them: the size and the two pizzas, as chosen. */
export const HalfPizzaChoice = z.object({ sizeId: Id, productIds: z.tuple([Id, Id]) });
export type HalfPizzaChoice = z.infer<typeof HalfPizzaChoice>;

export const PromoOrderItem = z.object({
  id: Id,
  name: z.string(),
  amount: z.int().check(z.positive()),
  sum: z.number().check(z.nonnegative()),
  code: z.string(),
  modifiers: z.array(PromoOrderItemMod),
  /** A half-and-half pizza: the server prices it from its halves by the HALF_PIZZA rule. */
  halfPizza: z.optional(HalfPizzaChoice),
});
export const PromoRequest = z.object({
  coupon: z.nullable(z.string().check(z.maxLength(64))),
  fullPrice: z.number().check(z.nonnegative()),
  notGiftsAndNotDeliveryTotal: z.number().check(z.nonnegative()),
  cityId: Id,
  deliveryMethod: DeliveryMethod,
  spendBonus: z._default(z.number().check(z.nonnegative()), 0),
  customer: z.object({ phone: z.string(), name: z.string() }),
  order: z.object({
    phone: z.string(),
    date: z.nullable(IsoDateTime),
    items: z.array(PromoOrderItem).check(z.maxLength(200)),
    address: z.nullable(z.string()),
  }),
});
export type PromoRequest = z.infer<typeof PromoRequest>;

export const PromoResponse = z.object({
  freeProducts: z.array(FreeProduct),
  discountTotal: z.number().check(z.nonnegative()),
  lostGift: z.array(LostGift),
  loyaltyProgramErrors: z.array(z.string()),
  /** Bonuses the engine allows to spend on this order (≤ requested, ≤ balance, ≤ cap). */
  allowedBonus: z.number().check(z.nonnegative()),
  /** Why the coupon sent was refused (also among loyaltyProgramErrors), null when accepted or none sent. */
  couponError: z.optional(z.nullable(z.string())),
});
export type PromoResponse = z.infer<typeof PromoResponse>;

export const LastOrderProduct = z.object({
  productId: Id,
  isGift: z.boolean(),
  amount: z.int().check(z.positive()),
  name: z.string(),
  mods: z.array(
    z.object({ id: Id, amount: z.int().check(z.positive()), groupId: Id, price: z.number().check(z.nonnegative()) }),
  ),
  /** A half-and-half pizza: repeated from its halves at today's prices (productId is the line's own 'half-…'). */
  halfPizza: z.optional(HalfPizzaChoice),
});
export const LastOrder = z.object({ products: z.array(LastOrderProduct) });
export type LastOrder = z.infer<typeof LastOrder>;

/** Error body of every 4xx/5xx answer: a Russian message the client can show as is. */
export const ApiError = z.object({ message: z.string(), code: z.optional(z.string()) });
export type ApiError = z.infer<typeof ApiError>;
