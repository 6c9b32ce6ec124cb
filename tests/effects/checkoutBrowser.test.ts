// @vitest-environment jsdom
// The browser adapters of the checkout: the invisible bot check (a stand-in widget API in place of
// the provider's script).
import { afterEach, describe, expect, it } from 'vitest';
import { browserCaptcha } from '../../src/effects/captchaBrowser';

type Options = { sitekey: string; invisible?: boolean; size?: string; hl?: string; callback: (token: string) => void };

afterEach(() => {
  Reflect.deleteProperty(window, 'smartCaptcha');
});

describe('bot check (PRODUCT.md §7: invisible, Russian-language, token to a callback)', () => {
  it('renders an invisible Russian SmartCaptcha widget, executes it and resolves with the callback token', async () => {
    const rendered: Options[] = [];
    Reflect.set(window, 'smartCaptcha', {
      render: (_el: HTMLElement, options: Options) => rendered.push(options) - 1,
      execute: (id: number) => rendered[id]?.callback('token-123'),
    });
    const token = await browserCaptcha().token({ required: true, provider: 'smartcaptcha', siteKey: 'site-key' });
    expect(token).toBe('token-123');
    expect(rendered).toMatchObject([{ sitekey: 'site-key', invisible: true, hl: 'ru' }]);
    // the hidden container is removed afterwards
    expect(document.body.children).toHaveLength(0);
  });

  it('an empty token is a failure (the effect only logs it and sends the order without one)', async () => {
    Reflect.set(window, 'smartCaptcha', {
      render: (_el: HTMLElement, options: Options) => {
        setTimeout(() => options.callback(''), 0);
        return 0;
      },
      execute: () => undefined,
    });
    await expect(browserCaptcha().token({ required: true, provider: 'smartcaptcha', siteKey: 'k' })).rejects.toThrow(
      'bot check gave no token',
    );
  });
});
