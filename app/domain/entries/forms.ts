/**
 * The forms of an entry's page (reverse, delete a draft): one schema per form, read by the server and
 * by the page (browser-safe, no UI).
 */
import { z } from "zod";
import { formatCalendarDate, readDateInput, type CalendarDate } from "../calendar";

export const REVERSAL_DATE_REQUIRED = "Indique la fecha de la reversión.";

export function reversalBeforeEntry(entryDate: CalendarDate): string {
  return `La reversión no puede tener una fecha anterior a la del asiento (${formatCalendarDate(entryDate)}).`;
}

/** The reversal's date must exist and must not come before the reversed entry's own date. */
export function reversalDateProblem(entryDate: CalendarDate, reversalDate: CalendarDate): string | null {
  return reversalDate < entryDate ? reversalBeforeEntry(entryDate) : null;
}

const reversalDate = z
  .string({ required_error: REVERSAL_DATE_REQUIRED, invalid_type_error: REVERSAL_DATE_REQUIRED })
  .transform((text, context) => {
    const read = readDateInput(text);
    if (!read.ok) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: read.message });
      return z.NEVER;
    }
    return read.date;
  });

export const ENTRY_VIEW_INTENTS = {
  reverse: z.object({ intent: z.literal("reverse"), date: reversalDate }),
  "delete-draft": z.object({ intent: z.literal("delete-draft") }),
} as const;

export type EntryViewIntent = keyof typeof ENTRY_VIEW_INTENTS;
