// The request log hides secrets a URL carries (server/http/logging.ts): the WebSocket's ?token=.
import { describe, expect, it } from 'vitest';
import { logSerializers, redactUrl } from '../../server/http/logging';

describe('redactUrl', () => {
  it('hides the values of token, access_token, password and code, whatever their case or encoding', () => {
    expect(redactUrl('/api/v1/ws?token=abc.def')).toBe('/api/v1/ws?token=[redacted]');
    expect(redactUrl('/api/v1/ws?Token=abc&x=1&%74oken=def')).toBe(
      '/api/v1/ws?Token=[redacted]&x=1&%74oken=[redacted]',
    );
    expect(redactUrl('/x?access_token=a&password=b&code=123456&page=2#top')).toBe(
      '/x?access_token=[redacted]&password=[redacted]&code=[redacted]&page=2#top',
    );
  });

  it.each(['/api/v1/catalog', '/img/a.svg?w=400&format=webp&q=80', '/search?tokenish=1&token', '/bad?%E0%A4%A=1'])(
    'leaves other URLs as they are: %s',
    (url) => {
      expect(redactUrl(url)).toBe(url);
    },
  );

  it("the request serializer writes Fastify's request line with the URL redacted", () => {
    expect(
      logSerializers.req({
        method: 'GET',
        url: '/api/v1/ws?token=st_secret',
        host: 'h',
        ip: '10.0.0.1',
        socket: { remotePort: 5 },
      }),
    ).toEqual({
      method: 'GET',
      url: '/api/v1/ws?token=[redacted]',
      host: 'h',
      remoteAddress: '10.0.0.1',
      remotePort: 5,
    });
  });
});
