/** The provisional prorrata % (art. 34 RLIVA) an admin types: 0 to 100 with up to two decimals. */
import { z } from "zod";
import { parseDecimal } from "../money";

export const PRORRATA_MESSAGE = "Indique un porcentaje entre 0 y 100, con hasta dos decimales (por ejemplo 75,5).";

/** "75,5" or "75.50" → 7550 (hundredths of a percent); null when it is not a percent. */
export function readProrrata(text: string): bigint | null {
  const value = parseDecimal(text.trim().replace(",", ".").replace(/\s*%$/, ""), 2);
  if (value === null || value < 0n || value > 10_000n) return null;
  return value;
}

export const prorrataSchema = z.object({
  year: z.coerce.number({ invalid_type_error: "Año inválido." }).int().min(2000).max(2100),
  prorrata: z.string({ required_error: PRORRATA_MESSAGE }).transform((text, context) => {
    const value = readProrrata(text);
    if (value === null) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: PRORRATA_MESSAGE });
      return z.NEVER;
    }
    return value;
  }),
});

/** Without a stored prorrata every common purchase counts in full (100 %). */
export const DEFAULT_PRORRATA = 10_000n;

export const MONTH_QUERY_MESSAGE = "El mes no es válido: use el formato AAAA-MM (por ejemplo 2025-10).";
