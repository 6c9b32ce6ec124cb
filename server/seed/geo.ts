// The demo chain's geography: three cities of the Irkutsk region, their restaurants (delivery
// terminals), delivery zones and street reference. Coordinates are approximate but sit where
// the cities are; zones are non-overlapping rectangles, so a point belongs to at most one zone.
import type { WeekHours, WorkDay } from '../../src/api/entities.js';
import { CITY, CITY_IIKO, TERMINAL } from './ids.js';

export interface SeedCity {
  id: string;
  name: string;
  slug: string;
  iikoId: string;
  cityIn: string;
  timeZone: string;
  position: number;
}

export const CITIES: SeedCity[] = [
  {
    id: CITY.angarsk,
    name: 'Ангарск',
    slug: 'angarsk',
    iikoId: CITY_IIKO.angarsk,
    cityIn: 'в Ангарске',
    timeZone: 'Asia/Irkutsk',
    position: 1,
  },
  {
    id: CITY.shelekhov,
    name: 'Шелехов',
    slug: 'shelekhov',
    iikoId: CITY_IIKO.shelekhov,
    cityIn: 'в Шелехове',
    timeZone: 'Asia/Irkutsk',
    position: 2,
  },
  {
    id: CITY.irkutsk,
    name: 'Иркутск',
    slug: 'irkutsk',
    iikoId: CITY_IIKO.irkutsk,
    cityIn: 'в Иркутске',
    timeZone: 'Asia/Irkutsk',
    position: 3,
  },
];

const day = (open: string, close: string, isNextDay = false): WorkDay => ({ open, close, isNextDay });
/** Sunday first: Sunday–Thursday until 23:00, Friday and Saturday until 02:00 of the next day. */
export const STANDARD_HOURS: WeekHours = [
  day('10:00', '23:00'),
  day('10:00', '23:00'),
  day('10:00', '23:00'),
  day('10:00', '23:00'),
  day('10:00', '23:00'),
  day('10:00', '02:00', true),
  day('10:00', '02:00', true),
];
const LATE_HOURS: WeekHours = [
  day('11:00', '23:30'),
  day('11:00', '23:30'),
  day('11:00', '23:30'),
  day('11:00', '23:30'),
  day('11:00', '23:30'),
  day('11:00', '03:00', true),
  day('11:00', '03:00', true),
];

export interface SeedRestaurant {
  deliveryTerminalId: string;
  cityId: string;
  name: string;
  address: string;
  phone: string;
  lat: number;
  lon: number;
  hours: WeekHours;
  cookingMinutes: number;
  isOnlinePaymentDisabled: boolean;
  position: number;
}

export const RESTAURANTS: SeedRestaurant[] = [
  {
    deliveryTerminalId: TERMINAL.angarsk1,
    cityId: CITY.angarsk,
    name: 'Ролл и Пицца на 84-м квартале',
    address: 'Ангарск, 84-й квартал, 16',
    phone: '+7 (3955) 61-10-10',
    lat: 52.5395,
    lon: 103.8712,
    hours: STANDARD_HOURS,
    cookingMinutes: 25,
    isOnlinePaymentDisabled: false,
    position: 1,
  },
  {
    deliveryTerminalId: TERMINAL.angarsk2,
    cityId: CITY.angarsk,
    name: 'Ролл и Пицца на Карла Маркса',
    address: 'Ангарск, улица Карла Маркса, 49',
    phone: '+7 (3955) 61-20-20',
    lat: 52.5481,
    lon: 103.9275,
    hours: STANDARD_HOURS,
    cookingMinutes: 30,
    isOnlinePaymentDisabled: false,
    position: 2,
  },
  {
    deliveryTerminalId: TERMINAL.shelekhov1,
    cityId: CITY.shelekhov,
    name: 'Ролл и Пицца в 4-м микрорайоне',
    address: 'Шелехов, 4-й микрорайон, 35',
    phone: '+7 (39550) 4-40-40',
    lat: 52.2079,
    lon: 104.0948,
    hours: STANDARD_HOURS,
    cookingMinutes: 25,
    isOnlinePaymentDisabled: false,
    position: 1,
  },
  {
    deliveryTerminalId: TERMINAL.shelekhov2,
    cityId: CITY.shelekhov,
    name: 'Ролл и Пицца на Ленина',
    address: 'Шелехов, улица Ленина, 15',
    phone: '+7 (39550) 4-50-50',
    lat: 52.2396,
    lon: 104.1012,
    hours: STANDARD_HOURS,
    cookingMinutes: 30,
    isOnlinePaymentDisabled: false,
    position: 2,
  },
  {
    deliveryTerminalId: TERMINAL.irkutsk1,
    cityId: CITY.irkutsk,
    name: 'Ролл и Пицца на Карла Маркса',
    address: 'Иркутск, улица Карла Маркса, 21',
    phone: '+7 (3952) 70-10-10',
    lat: 52.2818,
    lon: 104.2805,
    hours: STANDARD_HOURS,
    cookingMinutes: 25,
    isOnlinePaymentDisabled: false,
    position: 1,
  },
  {
    deliveryTerminalId: TERMINAL.irkutsk2,
    cityId: CITY.irkutsk,
    name: 'Ролл и Пицца на Терешковой',
    address: 'Иркутск, улица Терешковой, 15',
    phone: '+7 (3952) 70-20-20',
    lat: 52.2762,
    lon: 104.2293,
    hours: LATE_HOURS,
    cookingMinutes: 30,
    isOnlinePaymentDisabled: true,
    position: 2,
  },
  {
    deliveryTerminalId: TERMINAL.irkutsk3,
    cityId: CITY.irkutsk,
    name: 'Ролл и Пицца на Байкальской',
    address: 'Иркутск, улица Байкальская, 253А',
    phone: '+7 (3952) 70-30-30',
    lat: 52.3168,
    lon: 104.2957,
    hours: STANDARD_HOURS,
    cookingMinutes: 35,
    isOnlinePaymentDisabled: false,
    position: 3,
  },
];

export interface SeedZone {
  id: string;
  cityId: string;
  name: string;
  polygon: [number, number][];
  minSum: number;
  deliveryPrice: number;
  deliveryMinutes: number;
  deliveryTerminalId: string;
  position: number;
}

/** A closed rectangular ring of [lon, lat] pairs. */
export function rectangle(lonMin: number, latMin: number, lonMax: number, latMax: number): [number, number][] {
  return [
    [lonMin, latMin],
    [lonMax, latMin],
    [lonMax, latMax],
    [lonMin, latMax],
    [lonMin, latMin],
  ];
}

export const ZONES: SeedZone[] = [
  {
    id: 'zone-angarsk-center',
    cityId: CITY.angarsk,
    name: 'Центр и кварталы',
    polygon: rectangle(103.84, 52.515, 103.92, 52.565),
    minSum: 700,
    deliveryPrice: 150,
    deliveryMinutes: 60,
    deliveryTerminalId: TERMINAL.angarsk1,
    position: 1,
  },
  {
    id: 'zone-angarsk-north',
    cityId: CITY.angarsk,
    name: 'Микрорайоны',
    polygon: rectangle(103.84, 52.565, 103.92, 52.6),
    minSum: 800,
    deliveryPrice: 150,
    deliveryMinutes: 70,
    deliveryTerminalId: TERMINAL.angarsk2,
    position: 2,
  },
  {
    id: 'zone-angarsk-east',
    cityId: CITY.angarsk,
    name: 'Восточный район',
    polygon: rectangle(103.92, 52.515, 103.98, 52.6),
    minSum: 1000,
    deliveryPrice: 200,
    deliveryMinutes: 80,
    deliveryTerminalId: TERMINAL.angarsk2,
    position: 3,
  },
  {
    id: 'zone-shelekhov-center',
    cityId: CITY.shelekhov,
    name: 'Микрорайоны и центр',
    polygon: rectangle(104.07, 52.19, 104.13, 52.23),
    minSum: 700,
    deliveryPrice: 150,
    deliveryMinutes: 60,
    deliveryTerminalId: TERMINAL.shelekhov1,
    position: 1,
  },
  {
    id: 'zone-shelekhov-north',
    cityId: CITY.shelekhov,
    name: 'Северная часть',
    polygon: rectangle(104.07, 52.23, 104.13, 52.255),
    minSum: 900,
    deliveryPrice: 200,
    deliveryMinutes: 75,
    deliveryTerminalId: TERMINAL.shelekhov2,
    position: 2,
  },
  {
    id: 'zone-irkutsk-center',
    cityId: CITY.irkutsk,
    name: 'Центр',
    polygon: rectangle(104.25, 52.26, 104.32, 52.3),
    minSum: 800,
    deliveryPrice: 150,
    deliveryMinutes: 60,
    deliveryTerminalId: TERMINAL.irkutsk1,
    position: 1,
  },
  {
    id: 'zone-irkutsk-left',
    cityId: CITY.irkutsk,
    name: 'Левый берег',
    polygon: rectangle(104.19, 52.25, 104.25, 52.31),
    minSum: 1000,
    deliveryPrice: 200,
    deliveryMinutes: 75,
    deliveryTerminalId: TERMINAL.irkutsk2,
    position: 2,
  },
  {
    id: 'zone-irkutsk-north',
    cityId: CITY.irkutsk,
    name: 'Рабочее и Синюшина гора',
    polygon: rectangle(104.25, 52.3, 104.33, 52.34),
    minSum: 1000,
    deliveryPrice: 200,
    deliveryMinutes: 80,
    deliveryTerminalId: TERMINAL.irkutsk3,
    position: 3,
  },
];

export interface SeedStreet {
  id: string;
  cityIikoId: string;
  name: string;
  kind: string;
  lat: number;
  lon: number;
}

/** Deterministic 0..1 from a string (FNV-1a), so the seed is the same on every machine. */
export function unitHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h / 0x1_0000_0000;
}

function pointIn(zone: SeedZone, key: string): { lat: number; lon: number } {
  const lons = zone.polygon.map((p) => p[0]);
  const lats = zone.polygon.map((p) => p[1]);
  const [lonMin, lonMax, latMin, latMax] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  // keep 10 % away from the edges
  return {
    lon: round(lonMin + (lonMax - lonMin) * (0.1 + 0.8 * unitHash(`${key}:lon`))),
    lat: round(latMin + (latMax - latMin) * (0.1 + 0.8 * unitHash(`${key}:lat`))),
  };
}

/** The kinds of street the reference knows; each street's name says its kind. */
const STREET_KINDS = ['улица', 'проспект', 'бульвар', 'квартал', 'микрорайон'] as const;

function kindOf(name: string): string {
  const kind = STREET_KINDS.find((k) => name.includes(k));
  if (kind === undefined) throw new Error(`seed: no street kind in ${name}`);
  return kind;
}

type OutsideRow = [name: string, lat: number, lon: number];

/** Each city's streets: those inside its zones by zone, and a few outside every zone with their point. */
const STREET_ROWS: Record<string, { slug: string; inside: Record<string, string[]>; outside: OutsideRow[] }> = {
  [CITY_IIKO.angarsk]: {
    slug: 'angarsk',
    inside: {
      'zone-angarsk-center': [
        'улица Карла Маркса',
        'Ленинградский проспект',
        'улица Ленина',
        'улица Чайковского',
        'улица Горького',
        'улица Коминтерна',
        'улица Московская',
        '84-й квартал',
        '95-й квартал',
        'улица Кирова',
      ],
      'zone-angarsk-north': ['7-й микрорайон', '12а микрорайон', '17-й микрорайон', '22-й микрорайон'],
      'zone-angarsk-east': [
        'улица Бакинских Комиссаров',
        'улица Социалистическая',
        'улица Октябрьская',
        'улица Глинки',
      ],
    },
    outside: [
      ['посёлок Мегет, улица Садовая', 52.4186, 104.0452],
      ['село Одинск, улица Центральная', 52.4615, 103.7084],
    ],
  },
  [CITY_IIKO.shelekhov]: {
    slug: 'shelekhov',
    inside: {
      'zone-shelekhov-center': [
        '1-й микрорайон',
        '4-й микрорайон',
        '6-й микрорайон',
        'Культурный квартал',
        'улица Ленина',
        'улица Шастина',
        'улица Мира',
        'улица Пионерская',
        'улица Чапаева',
        'улица Орджоникидзе',
      ],
      'zone-shelekhov-north': [
        'улица Кирова',
        'улица Известковая',
        'улица Привокзальная',
        'улица Заводская',
        'улица Байкальская',
        'улица Садовая',
      ],
    },
    outside: [
      ['посёлок Баклаши, улица Луговая', 52.2331, 104.0183],
      ['посёлок Большой Луг, улица Железнодорожная', 52.0834, 104.1596],
    ],
  },
  [CITY_IIKO.irkutsk]: {
    slug: 'irkutsk',
    inside: {
      'zone-irkutsk-center': [
        'улица Карла Маркса',
        'улица Ленина',
        'улица Урицкого',
        'улица Горького',
        'улица Литвинова',
        'улица Декабрьских Событий',
        'улица Тимирязева',
        'бульвар Гагарина',
        'улица Седова',
      ],
      'zone-irkutsk-left': [
        'улица Терешковой',
        'улица Академика Курчатова',
        'улица Розы Люксембург',
        'улица Маршала Конева',
      ],
      'zone-irkutsk-north': ['улица Байкальская', 'улица Партизанская', 'улица Ширямова', 'улица Рабочая'],
    },
    outside: [
      ['посёлок Листвянка, улица Горная', 51.8576, 104.8625],
      ['посёлок Пивовариха, улица Дачная', 52.2447, 104.4458],
    ],
  },
};

export const STREETS: SeedStreet[] = Object.entries(STREET_ROWS).flatMap(([cityIikoId, rows]) => [
  ...Object.entries(rows.inside)
    .flatMap(([zoneId, names]) => names.map((name) => ({ zoneId, name })))
    .map(({ zoneId, name }, i): SeedStreet => {
      const zone = ZONES.find((z) => z.id === zoneId);
      if (!zone) throw new Error(`seed: no zone ${zoneId}`);
      return {
        id: `${rows.slug}-${String(i + 1).padStart(3, '0')}`,
        cityIikoId,
        name,
        kind: kindOf(name),
        ...pointIn(zone, `${cityIikoId}:${name}`),
      };
    }),
  ...rows.outside.map(([name, lat, lon], i): SeedStreet => ({
    id: `${rows.slug}-out-${i + 1}`,
    cityIikoId,
    name,
    kind: kindOf(name),
    lat,
    lon,
  })),
]);
