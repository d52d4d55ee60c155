import { parseCalendarDate, STORE_TIME_ZONE } from '../validation/calendar-date.ts';

const dateFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: STORE_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: STORE_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * '15/06/2025'. A bare 'YYYY-MM-DD' (birth date) is a calendar day and is shown as is: read as an
 * instant it is UTC midnight, which is the previous evening in Brazil.
 * Instants are shown on Brasília time. Returns '' for an unreadable value.
 */
export function formatDate(value: Date | string): string {
  if (typeof value === 'string' && DATE_ONLY.test(value.trim())) {
    // Date would roll 2025-02-30 over into March; an impossible day shows nothing.
    const day = parseCalendarDate(value);
    return day === undefined ? '' : `${pad(day.day)}/${pad(day.month)}/${day.year}`;
  }
  const instant = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(instant.getTime()) ? '' : dateFormat.format(instant);
}

/** '15/06/2025 09:30' on Brasília time; '' for an unreadable value. */
export function formatDateTime(value: Date | string): string {
  const instant = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(instant.getTime())) return '';
  return dateTimeFormat.format(instant).replace(', ', ' ');
}
