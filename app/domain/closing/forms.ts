/**
 * The forms of the year close on the Balance General (close, reopen): one schema per form, read by the
 * server and by the page (browser-safe, no UI).
 */
import { z } from "zod";
import { CLOSE_MESSAGES, REASON_MAX } from "./year-close";

const year = z.coerce
  .number({ invalid_type_error: CLOSE_MESSAGES.yearInvalid, required_error: CLOSE_MESSAGES.yearInvalid })
  .int(CLOSE_MESSAGES.yearInvalid)
  .min(2000, CLOSE_MESSAGES.yearInvalid)
  .max(2099, CLOSE_MESSAGES.yearInvalid);

export const YEAR_CLOSE_INTENTS = {
  "close-year": z.object({ intent: z.literal("close-year"), year }),
  "reopen-year": z.object({
    intent: z.literal("reopen-year"),
    year,
    reason: z
      .string({ required_error: CLOSE_MESSAGES.reasonRequired })
      .trim()
      .min(1, CLOSE_MESSAGES.reasonRequired)
      .max(REASON_MAX, CLOSE_MESSAGES.reasonTooLong),
  }),
} as const;

export type YearCloseIntent = keyof typeof YEAR_CLOSE_INTENTS;

export const UNKNOWN_YEAR_CLOSE_INTENT = "Elija cerrar o reabrir el año.";
