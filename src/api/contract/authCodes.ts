// The refusal codes of POST /auth/code the sign-in effect acts on, apart from the route module:
// the bundler keeps a module whole, and the effect's chunk needs none of the auth schemas.

/**
 * The `code` of a 422 from POST /auth/code that a bot check lifts: sent when the request had no
 * captcha token and one is required, either on every send (IS_WITHOUT_RECAPTCHA off) or because
 * the client's address has used up its budget of codes. The client runs the captcha with the
 * CAPTCHA_PROVIDER and CAPTCHA_SITE_KEY settings and asks again with its token.
 */
export const CAPTCHA_REQUIRED_CODE = 'captcha-required';
