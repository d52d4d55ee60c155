/** Register sends a one-letter code; the profile answers and edits the word (spec 000 §3, 001 §3). */
export const GENDERS = ['M', 'F', 'O'] as const;
export type Gender = (typeof GENDERS)[number];

export const PROFILE_GENDERS = ['masculino', 'feminino', 'outro'] as const;
export type ProfileGender = (typeof PROFILE_GENDERS)[number];

export const GENDER_LABELS: Record<Gender, string> = { M: 'Masculino', F: 'Feminino', O: 'Outro' };

export const PROFILE_GENDER_LABELS: Record<ProfileGender, string> = {
  masculino: 'Masculino',
  feminino: 'Feminino',
  outro: 'Outro',
};

export const PROFILE_GENDER_BY_CODE: Record<Gender, ProfileGender> = {
  M: 'masculino',
  F: 'feminino',
  O: 'outro',
};

export const GENDER_CODE_BY_PROFILE: Record<ProfileGender, Gender> = {
  masculino: 'M',
  feminino: 'F',
  outro: 'O',
};
