/**
 * The most common leaked passwords, the first an attacker tries: @zxcvbn-ts/language-common's
 * 'passwords-common',
 * 49,233 lower-case entries (Brazilian favourites such as 'senha123', 'flamengo' and 'palmeiras'
 * among them), of which the 45,193 with a letter are kept. Loaded on the first password set, not
 * at start: about 3.7 MB of heap with the module (scripts/common-passwords-heap.ts measures it).
 */
let loading: Promise<ReadonlySet<string>> | undefined;

async function loadList(): Promise<ReadonlySet<string>> {
  const { dictionary } = await import('@zxcvbn-ts/language-common');
  // Every lookup form holds a letter (a valid password has two), so '123456' and its kind never match.
  return new Set(dictionary['passwords-common'].filter((entry) => /\p{L}/u.test(entry)));
}

function commonPasswords(): Promise<ReadonlySet<string>> {
  loading ??= loadList().catch((error: unknown) => {
    // A failed load is tried again by the next password, not remembered.
    loading = undefined;
    throw error;
  });
  return loading;
}

const ASCENDING = '01234567890';
const DESCENDING = '09876543210';

/**
 * The digits people append to satisfy "1 número": up to three ('1', '12', '123', '99'), one digit
 * repeated ('0000') or a run along the keyboard row ('1234', '54321'). A four-digit year is left
 * alone: word-plus-year is weak too, but stripping years would refuse every listed word followed
 * by any year ('Piercing2025'), which is a strength scorer's call, not a leaked list's.
 */
function isTrivialSuffix(digits: string): boolean {
  return (
    digits.length <= 3 ||
    /^(\d)\1+$/.test(digits) ||
    ASCENDING.includes(digits) ||
    DESCENDING.includes(digits)
  );
}

/**
 * The forms of a password looked up in the list, all lower case after NFKC (the form the hash
 * sees): the password itself ('Senha123'); its letters and digits alone, accents dropped
 * ('Senh@ 123', 'Sénha123!'); and those without a trivial run of trailing digits ('Flamengo12!',
 * 'Palmeiras1234'), the variants a list of whole passwords misses.
 */
export function lookupForms(password: string): string[] {
  const lower = password.normalize('NFKC').toLowerCase();
  const compact = lower.normalize('NFD').replace(/[^\p{L}\p{N}]/gu, '');
  const forms = [lower, compact];
  const trailing = /\d+$/.exec(compact);
  if (trailing && trailing.index > 0 && isTrivialSuffix(trailing[0])) {
    forms.push(compact.slice(0, trailing.index));
  }
  return forms;
}

/** Whether a new password is, or trivially extends, one of the most common leaked passwords. */
export async function isCommonPassword(password: string): Promise<boolean> {
  const list = await commonPasswords();
  return lookupForms(password).some((form) => list.has(form));
}
