import { describe, expect, it } from 'vitest';
import { GENDER_CODE_BY_PROFILE, GENDERS, PROFILE_GENDER_BY_CODE } from './gender.ts';

describe('gender codes', () => {
  it('round-trips between the register code and the profile word', () => {
    for (const code of GENDERS) {
      expect(GENDER_CODE_BY_PROFILE[PROFILE_GENDER_BY_CODE[code]]).toBe(code);
    }
    expect(PROFILE_GENDER_BY_CODE).toEqual({ M: 'masculino', F: 'feminino', O: 'outro' });
  });
});
