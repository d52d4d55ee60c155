/**
 * Mirrors CONTACT_NAME_MAX and CONTACT_MESSAGE_MAX of @lumina/shared/contact/contact-schema.
 * Copied rather than imported: importing that module pulls zod into the home page's first
 * download. contact-limits.test.ts fails if the two ever differ.
 */
export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MAX = 1000;
export const CONTACT_EMAIL_MAX = 254;
