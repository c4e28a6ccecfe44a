/**
 * The answer of the BCCR web service's ObtenerIndicadoresEconomicosXML (docs/domain/exchange-rates.md §2):
 * a `string` element whose text is an escaped Datos_de_INGC011_CAT_INDICADORECONOMIC document with one
 * INGC011_CAT_INDICADORECONOMIC (indicator, day, value) per day.
 */
import { XMLParser } from "fast-xml-parser";
import { parseCalendarDate, type CalendarDate } from "../calendar";
import type { Amount } from "../money";
import { readRate } from "./rate";

/** The indicators of the dollar's reference rate. */
export const BCCR_INDICATORS = { buy: "317", sell: "318" } as const;

export interface IndicatorValue {
  indicator: string;
  date: CalendarDate;
  value: Amount;
}

export type BccrAnswer = { ok: true; values: IndicatorValue[] } | { ok: false; reason: string };

/** Entities are never expanded by the parser: the five XML ones are undone by hand, once per level. */
const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  processEntities: false,
  htmlEntities: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

function parse(xml: string): Record<string, unknown> | null {
  try {
    const tree = parser.parse(xml, true) as unknown;
    return tree && typeof tree === "object" ? (tree as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function asList(value: unknown): unknown[] {
  if (value === undefined || value === null || value === "") return [];
  return Array.isArray(value) ? value : [value];
}

/** The day of DES_FECHA ("2019-02-26T00:00:00-06:00"), which is already a Costa Rica day. */
function dayOf(text: unknown): CalendarDate | null {
  return typeof text === "string" ? parseCalendarDate(text.slice(0, 10)) : null;
}

/** Largest answer read: a year of one indicator is about 60 KB. */
export const MAX_BCCR_ANSWER_BYTES = 1_000_000;

export function parseBccrAnswer(body: string): BccrAnswer {
  if (body.length > MAX_BCCR_ANSWER_BYTES)
    return { ok: false, reason: "La respuesta del Banco Central es demasiado grande." };
  const outer = parse(body);
  if (!outer) return { ok: false, reason: "La respuesta del Banco Central no es XML." };
  let data = outer.Datos_de_INGC011_CAT_INDICADORECONOMIC;
  if (data === undefined) {
    const wrapped = outer.string;
    if (typeof wrapped !== "string")
      return { ok: false, reason: "La respuesta del Banco Central no trae indicadores." };
    const inner = parse(unescapeXml(wrapped));
    if (!inner || !("Datos_de_INGC011_CAT_INDICADORECONOMIC" in inner)) {
      // A refused subscription answers a sentence instead of the document.
      return { ok: false, reason: `El Banco Central respondió: «${unescapeXml(wrapped).slice(0, 200)}».` };
    }
    data = inner.Datos_de_INGC011_CAT_INDICADORECONOMIC;
  }
  const rows = asList(
    data && typeof data === "object" ? (data as Record<string, unknown>).INGC011_CAT_INDICADORECONOMIC : undefined,
  );
  const values: IndicatorValue[] = [];
  for (const row of rows) {
    const fields = (row ?? {}) as Record<string, unknown>;
    const date = dayOf(fields.DES_FECHA);
    const value = typeof fields.NUM_VALOR === "string" ? readRate(fields.NUM_VALOR) : null;
    const indicator = typeof fields.COD_INDICADORINTERNO === "string" ? fields.COD_INDICADORINTERNO : "";
    if (!date || value === null || !/^\d+$/.test(indicator)) {
      return { ok: false, reason: "La respuesta del Banco Central trae un indicador sin fecha o valor válidos." };
    }
    values.push({ indicator, date, value });
  }
  return { ok: true, values };
}
