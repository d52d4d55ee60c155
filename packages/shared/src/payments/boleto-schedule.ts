import {
  addCalendarDays,
  endOfBrazilianDay,
  nextBankBusinessDay,
} from '../calendar/business-days.ts';
import { calendarDateOf, type CalendarDate } from '../validation/calendar-date.ts';

/**
 * A boleto issued at `issuedAt`: due `dueDays` Brazilian calendar days later (at the end of that
 * day), and the moment the order stops waiting for it: the end of the next business day after
 * the due date, when a payment made on the due date has had its business day to arrive.
 */
export function boletoSchedule(
  issuedAt: Date,
  dueDays: number,
): { dueDate: CalendarDate; dueAt: Date; deadline: Date } {
  const dueDate = addCalendarDays(calendarDateOf(issuedAt), dueDays);
  return {
    dueDate,
    dueAt: endOfBrazilianDay(dueDate),
    deadline: endOfBrazilianDay(nextBankBusinessDay(dueDate)),
  };
}
