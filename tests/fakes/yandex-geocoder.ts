// A local fake of the Yandex Geocoder HTTP API 1.x (GET /1.x/?apikey=…&geocode=…&format=json),
// on 127.0.0.1 with a free port, answering recorded answers: a house found by text, a house found
// by coordinates ('lon,lat'), and an empty collection for anything else. A wrong key gets the
// API's 403. `mode` switches how it answers the next requests; `drops` cuts the next requests'
// connections without an answer, as a kept-alive connection the service closes at that moment.
import { requestUrl, sendBroken, sendJson, startLocalHttpServer, type BrokenMode } from './localHttpServer.js';

/** 'silent' takes the request and never answers, as an overloaded or cut-off service does. */
export type FakeGeocoderMode = 'ok' | BrokenMode | 'invalid-shape' | 'silent';

export interface FakeYandexGeocoder {
  /** Base URL of the API, like https://geocode-maps.yandex.ru/1.x/. */
  url: string;
  key: string;
  requests: URLSearchParams[];
  mode: FakeGeocoderMode;
  /** How many of the next requests lose their connection before any answer. */
  drops: number;
  close(): Promise<void>;
}

function geoObject(
  name: string,
  description: string,
  kind: string,
  pos: string,
  components: { kind: string; name: string }[],
) {
  return {
    GeoObject: {
      metaDataProperty: {
        GeocoderMetaData: {
          precision: kind === 'house' ? 'exact' : 'street',
          text: `Россия, ${description.split(', ').reverse().join(', ')}, ${name}`,
          kind,
          Address: {
            country_code: 'RU',
            formatted: `Россия, ${name}`,
            Components: [
              { kind: 'country', name: 'Россия' },
              { kind: 'province', name: 'Сибирский федеральный округ' },
              { kind: 'province', name: 'Иркутская область' },
              ...components,
            ],
          },
        },
      },
      name,
      description,
      boundedBy: { Envelope: { lowerCorner: '103.87 52.53', upperCorner: '103.89 52.55' } },
      Point: { pos },
    },
  };
}

function collection(members: unknown[], request: string) {
  return {
    response: {
      GeoObjectCollection: {
        metaDataProperty: { GeocoderResponseMetaData: { request, results: '1', found: String(members.length) } },
        featureMember: members,
      },
    },
  };
}

/** The house at улица Карла Маркса, 10 in Ангарск, found both by its address and by its point. */
const KARLA_MARKSA_10 = geoObject(
  'улица Карла Маркса, 10',
  'Ангарск, Иркутская область, Россия',
  'house',
  '103.881742 52.537861',
  [
    { kind: 'area', name: 'Ангарский городской округ' },
    { kind: 'locality', name: 'Ангарск' },
    { kind: 'street', name: 'улица Карла Маркса' },
    { kind: 'house', name: '10' },
  ],
);

/** Recorded answers by the `geocode` parameter. */
export const RECORDED: Record<string, unknown[]> = {
  'Ангарск, улица Карла Маркса, 10': [KARLA_MARKSA_10],
  'Ангарск, улица Несуществующая': [],
  '103.881742,52.537861': [KARLA_MARKSA_10],
};

export async function startFakeYandexGeocoder(key = 'test-geocoder-key'): Promise<FakeYandexGeocoder> {
  const fake: FakeYandexGeocoder = { url: '', key, requests: [], mode: 'ok', drops: 0, close: async () => undefined };
  const server = await startLocalHttpServer((request, _body, response) => {
    const url = requestUrl(request);
    fake.requests.push(url.searchParams);
    if (fake.drops > 0) {
      fake.drops -= 1;
      request.socket.destroy();
      return;
    }
    const json = (status: number, body: unknown) => sendJson(response, status, body, 'application/json; charset=utf-8');
    if (url.pathname !== '/1.x/') return json(404, { statusCode: 404, error: 'Not Found' });
    if (url.searchParams.get('apikey') !== fake.key)
      return json(403, { statusCode: 403, error: 'Forbidden', message: 'Invalid api key' });
    switch (fake.mode) {
      case 'silent':
        return;
      case 'http-500':
      case 'garbage':
        return sendBroken(response, fake.mode, { body: '<html>not json</html>', contentType: 'application/json' });
      case 'invalid-shape':
        return json(200, {
          response: { GeoObjectCollection: { featureMember: [{ GeoObject: { Point: { pos: 'nowhere' } } }] } },
        });
      case 'ok': {
        const geocode = url.searchParams.get('geocode') ?? '';
        return json(200, collection(RECORDED[geocode] ?? [], geocode));
      }
    }
  });
  fake.url = `${server.origin}/1.x/`;
  fake.close = server.close;
  return fake;
}
