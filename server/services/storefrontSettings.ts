// The settings every storefront page and GET /setting share: the stored ones plus what this
// process's configuration adds (the captcha provider, the counters' script addresses).
import type { AppContext } from '../context.js';
import { captchaVerifierOf } from './captcha.js';
import { analyticsScriptsOf, loadSettings } from './settings.js';

export function loadStorefrontSettings(ctx: AppContext): ReturnType<typeof loadSettings> {
  return loadSettings(ctx.db, {
    captchaProvider: captchaVerifierOf(ctx)?.provider ?? null,
    analyticsScripts: analyticsScriptsOf(ctx.config),
  });
}
