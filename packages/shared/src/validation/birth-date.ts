import { z } from 'zod';
import { MAX_AGE, MIN_AGE } from '../constants/storefront-constants.ts';
import {
  ageOn,
  calendarDateOf,
  isAfter,
  parseCalendarDate,
  systemClock,
  type Clock,
} from './calendar-date.ts';
import { refineWith } from './rule-schema.ts';

export const BIRTH_DATE_MESSAGES = {
  minimumAge: 'Idade mínima de 13 anos',
  invalid: 'Data de nascimento inválida',
  profileInvalid: 'Data de nascimento inválida (idade deve ser entre 0 e 120 anos)',
} as const;

/** Register: a real day, not in the future, age 13 to 120. */
export function registerBirthDateError(value: string, today: Date): string | undefined {
  const birth = parseCalendarDate(value);
  const day = calendarDateOf(today);
  if (birth === undefined || isAfter(birth, day)) return BIRTH_DATE_MESSAGES.invalid;
  const age = ageOn(birth, day);
  if (age > MAX_AGE) return BIRTH_DATE_MESSAGES.invalid;
  if (age < MIN_AGE) return BIRTH_DATE_MESSAGES.minimumAge;
  return undefined;
}

/** Profile edit: a real day, not in the future, age at most 120. */
export function profileBirthDateError(value: string, today: Date): string | undefined {
  const birth = parseCalendarDate(value);
  const day = calendarDateOf(today);
  if (birth === undefined || isAfter(birth, day) || ageOn(birth, day) > MAX_AGE) {
    return BIRTH_DATE_MESSAGES.profileInvalid;
  }
  return undefined;
}

/**
 * Optional 'YYYY-MM-DD' birth date checked by `rule` against the clock's day; blank and null
 * become undefined.
 */
export function optionalBirthDateSchema(
  rule: (value: string, today: Date) => string | undefined,
  clock: Clock = systemClock,
) {
  return z
    .string({ error: BIRTH_DATE_MESSAGES.invalid })
    .nullish()
    .transform((value) => value?.trim() || undefined)
    .superRefine(refineWith((value) => (value === undefined ? undefined : rule(value, clock()))));
}
