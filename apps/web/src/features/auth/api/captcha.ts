/**
 * Where the ALTCHA widget fetches its proof-of-work challenge (GET /api/auth/captcha). The widget
 * makes the request itself; its solved payload goes to the login as `captcha_token`.
 */
export const CAPTCHA_CHALLENGE_URL = '/api/auth/captcha';
