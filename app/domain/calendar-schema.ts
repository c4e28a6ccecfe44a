/**
 * Form-field schemas of the calendar, apart from \`calendar.ts\` so that a page that only shows dates
 * does not ship the validation library to the browser.
 */
import { z } from "zod";
import { CALENDAR_DATE_MESSAGE, DATE_INPUT_MESSAGES, parseCalendarDate, readDateInput } from "./calendar";

/** The same check for a form field: a trimmed `YYYY-MM-DD` that exists, typed as CalendarDate. */
export const calendarDateSchema = z
  .string({ required_error: CALENDAR_DATE_MESSAGE, invalid_type_error: CALENDAR_DATE_MESSAGE })
  .transform((text, context) => {
    const date = parseCalendarDate(text);
    if (date === null) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: CALENDAR_DATE_MESSAGE });
      return z.NEVER;
    }
    return date;
  });

/**
 * A date field of a form (zod, shared by the page and the action): dd/mm/aaaa or YYYY-MM-DD in, a strict
 * CalendarDate out, Spanish refusals. Blank reads as missing (conform), so it is required; add
 * `.optional()` for a filter.
 */
export const dateInputSchema = z
  .string({ required_error: DATE_INPUT_MESSAGES.format, invalid_type_error: DATE_INPUT_MESSAGES.format })
  .transform((text, context) => {
    const result = readDateInput(text);
    if (!result.ok) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: result.message });
      return z.NEVER;
    }
    return result.date;
  });
