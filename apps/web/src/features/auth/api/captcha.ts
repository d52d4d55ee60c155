import { apiRequest } from '../../../lib/api-client.ts';

export interface Captcha {
  captcha_id: string;
  /** data:image/svg+xml;base64,... */
  image: string;
}

export function fetchCaptcha(): Promise<Captcha> {
  return apiRequest<Captcha>('/auth/captcha');
}

/** What login's `captcha_token` carries: the challenge id and the visitor's answer. */
export function captchaToken(captcha: Captcha, answer: string): string {
  return `${captcha.captcha_id}:${answer.trim()}`;
}
