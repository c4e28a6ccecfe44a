/**
 * Entry templates (plantillas para asientos): a named set of lines the entry form is filled from.
 * Browser-safe: no Remix, no mongoose, no React.
 */
import type { Cents } from "../money";

export const TEMPLATE_SIDES = ["debito", "credito"] as const;
export type TemplateSide = (typeof TEMPLATE_SIDES)[number];

/**
 * fijo: the template holds the amount; porcentaje: a rate of the base typed when applying; digitar: typed
 * when applying; resto: whatever makes debits equal credits once the other lines are known (one line at most).
 */
export const AMOUNT_KINDS = ["fijo", "porcentaje", "digitar", "resto"] as const;
export type AmountKind = (typeof AMOUNT_KINDS)[number];

export const SIDE_LABELS: Record<TemplateSide, string> = { debito: "Débito", credito: "Crédito" };
export const KIND_LABELS: Record<AmountKind, string> = {
  fijo: "Monto fijo",
  porcentaje: "Porcentaje de la base",
  digitar: "A digitar",
  resto: "El resto (cuadra el asiento)",
};

/**
 * A rate is a percentage with up to 4 decimals, held as a whole number of ten-thousandths of a percent
 * (9,25 % = 92 500), so it is exact without a float.
 */
export type Rate = number;
export const RATE_DECIMALS = 4;
export const RATE_SCALE = 10_000;

export interface TemplateLine {
  account: string;
  description: string;
  side: TemplateSide;
  kind: AmountKind;
  /** Only for `fijo`. */
  amount: Cents | null;
  /** Only for `porcentaje`. */
  rate: Rate | null;
}

export interface EntryTemplate {
  name: string;
  /** The entry's description, with placeholders (see pattern.ts). */
  description: string;
  lines: TemplateLine[];
}

export const TEMPLATE_NAME_MAX = 80;
export const TEMPLATE_MAX_LINES = 60;
