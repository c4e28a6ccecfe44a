/**
 * The organization's consecutive numbers (see ~/domain/issuer/consecutive). An issued series
 * (sucursal, terminal, type) continues after the highest number the organization holds in it —
 * issued here or imported as emitido — and after its counter, whichever is higher (decision 190).
 * A number is taken inside the caller's transaction: if issuing aborts, the increment is rolled back
 * with it, so no number is skipped; two processes taking at once collide on the counter and one
 * transaction retries; the unique index on issued documents refuses what would still repeat.
 */
import type { ClientSession } from "mongoose";
import {
  CONSECUTIVE_SERIES,
  DEFAULT_SERIES_PLACE,
  MAX_CONSECUTIVE,
  invoiceSeriesOfType,
  nextConsecutiveProblem,
  seriesCounterName,
  seriesInfo,
  seriesOf,
  seriesPrefix,
  type ConsecutiveKind,
  type ConsecutiveSeries,
  type SeriesPlace,
} from "~/domain/issuer/consecutive";
import type { MensajeReceptorCode } from "~/domain/hacienda/mensaje-receptor";
import { refusal, type Refusal } from "~/domain/refusal";
import { findIssuerSettings, recordIssuerChange } from "~models/issuer-settings";
import { highestIssuedNumber, issuedSeriesHighs } from "~models/receipt";
import { Sequence, nextSequenceValue, raiseSequenceValue } from "~models/sequence";

export class ConsecutiveExhausted extends Error {
  override name = "ConsecutiveExhausted";
}

const isInvoiceSeries = (series: ConsecutiveSeries) => !series.startsWith("MR");

/**
 * The next number (1, 2, 3 …) of the organization's series for `kind`; an issued document's series
 * is at its `place` (the issuer's sucursal and terminal, 001/00001 when omitted), a MensajeReceptor's
 * depends on its answer (`mensaje`, 1 when omitted).
 */
export async function takeConsecutive(
  organizationId: string,
  kind: ConsecutiveKind,
  session?: ClientSession,
  options: { mensaje?: MensajeReceptorCode; place?: SeriesPlace } = {},
): Promise<number> {
  const series = seriesOf(kind, options.mensaje);
  const info = seriesInfo(series);
  const place = options.place ?? DEFAULT_SERIES_PLACE;
  const name = seriesCounterName(place, series);
  let value = await nextSequenceValue(organizationId, name, session);
  if (isInvoiceSeries(series)) {
    const highest = await highestIssuedNumber(organizationId, seriesPrefix(place, info.typeCode), session);
    if (value <= highest) value = await raiseSequenceValue(organizationId, name, highest + 1, session);
  }
  if (value > MAX_CONSECUTIVE) {
    throw new ConsecutiveExhausted(`Se agotaron los 10 dígitos del consecutivo de ${info.label}.`);
  }
  return value;
}

export interface ConsecutiveCounter {
  series: ConsecutiveSeries;
  label: string;
  typeCode: string;
  /** Sucursal and terminal of an issued series; absent for the MensajeReceptor's. */
  place?: SeriesPlace;
  /** The series numbers the issuer's documents now: only these can be adjusted. */
  current: boolean;
  /** The highest number an issued document of the organization holds in the series (0 when none). */
  lastIssued: number;
  /** The number the next document of this series will carry. */
  next: number;
}

async function issuerPlace(organizationId: string): Promise<SeriesPlace> {
  const settings = await findIssuerSettings(organizationId);
  return settings?.sucursal && settings.terminal
    ? { sucursal: settings.sucursal, terminal: settings.terminal }
    : DEFAULT_SERIES_PLACE;
}

/**
 * Every series of the organization: the four issued types at the issuer's place, any other place its
 * issued documents carry, and the MensajeReceptor's three; each with the last number from the data.
 */
export async function consecutiveCounters(organizationId: string): Promise<ConsecutiveCounter[]> {
  const place = await issuerPlace(organizationId);
  const highs = await issuedSeriesHighs(organizationId);
  const rows: Array<{ series: ConsecutiveSeries; place?: SeriesPlace; current: boolean }> = [];
  for (const info of CONSECUTIVE_SERIES) {
    if (isInvoiceSeries(info.series)) rows.push({ series: info.series, place, current: true });
  }
  const currentPrefixes = new Set(rows.map((row) => seriesPrefix(row.place!, seriesInfo(row.series).typeCode)));
  for (const prefix of [...highs.keys()].sort()) {
    const series = invoiceSeriesOfType(prefix.slice(8, 10));
    if (!series || currentPrefixes.has(prefix)) continue;
    rows.push({ series, place: { sucursal: prefix.slice(0, 3), terminal: prefix.slice(3, 8) }, current: false });
  }
  for (const info of CONSECUTIVE_SERIES) {
    if (!isInvoiceSeries(info.series)) rows.push({ series: info.series, current: true });
  }
  const names = rows.map((row) => seriesCounterName(row.place ?? DEFAULT_SERIES_PLACE, row.series));
  const stored = await Sequence.find({ _id: { $in: names.map((name) => `${organizationId}|${name}`) } }).lean<
    { name: string; value: number }[]
  >();
  const counted = new Map(stored.map((record) => [record.name, Number(record.value)]));
  return rows.map((row, index) => {
    const info = seriesInfo(row.series);
    const lastIssued = row.place ? (highs.get(seriesPrefix(row.place, info.typeCode)) ?? 0) : 0;
    const last = Math.max(lastIssued, counted.get(names[index]) ?? 0);
    return {
      series: row.series,
      label: info.label,
      typeCode: info.typeCode,
      ...(row.place ? { place: row.place } : {}),
      current: row.current,
      lastIssued,
      next: last + 1,
    };
  });
}

/**
 * Moves a series of the issuer's place forward when migrating from another system: the next document
 * carries `next`. Refused (nothing written) when that would go back to a number already handed out.
 */
export async function setNextConsecutive(
  organizationId: string,
  series: ConsecutiveSeries,
  next: number,
  userId: string,
): Promise<Refusal | null> {
  const place = await issuerPlace(organizationId);
  const name = seriesCounterName(place, series);
  const counters = await consecutiveCounters(organizationId);
  const last = counters.find((counter) => counter.series === series && counter.current)!.next - 1;
  const problem = nextConsecutiveProblem(next, last);
  if (problem) return refusal(problem, "next");
  if (next === last + 1) return null;
  const stored = await raiseSequenceValue(organizationId, name, next - 1);
  // Someone issued a document of this series in between and went past the requested number.
  if (stored !== next - 1) {
    return refusal(nextConsecutiveProblem(next, stored) ?? "El consecutivo cambió mientras tanto.", "next");
  }
  await recordIssuerChange(organizationId, {
    at: new Date(),
    by: userId,
    changes: [{ field: `consecutivo ${series}`, before: String(last + 1), after: String(next) }],
  });
  return null;
}

/**
 * Counters kept by type only, before series were told apart by place, move into the series of the
 * issuer's place (a forward-only `$max`). Numbers they handed out are all held by issued documents;
 * what they add is a number set forward by hand when migrating from another system.
 */
export async function carryTypeCounters(): Promise<number> {
  const legacyNames = CONSECUTIVE_SERIES.filter((info) => isInvoiceSeries(info.series)).map(
    (info) => info.sequenceName,
  );
  const legacy = await Sequence.find({ name: { $in: legacyNames } }).lean<
    { organizationId: string; name: string; value: number }[]
  >();
  for (const counter of legacy) {
    const info = CONSECUTIVE_SERIES.find((candidate) => candidate.sequenceName === counter.name)!;
    const place = await issuerPlace(counter.organizationId);
    await raiseSequenceValue(counter.organizationId, seriesCounterName(place, info.series), Number(counter.value));
    await Sequence.deleteOne({ organizationId: counter.organizationId, name: counter.name });
  }
  return legacy.length;
}
