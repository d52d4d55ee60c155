import * as shared from '@lumina/shared/contact/contact-schema';
import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX } from './contact-limits.ts';

describe('contact limits', () => {
  it('match the shared schema the API validates with', () => {
    expect(CONTACT_NAME_MAX).toBe(shared.CONTACT_NAME_MAX);
    expect(CONTACT_MESSAGE_MAX).toBe(shared.CONTACT_MESSAGE_MAX);
  });
});
