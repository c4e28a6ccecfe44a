/**
 * The organization's consecutive numbers, one series per document type (see
 * ~/domain/issuer/consecutive). A number is taken inside the caller's transaction: if issuing aborts,
 * the increment is rolled back with it, so no number is skipped; two processes taking at once collide
 * on the counter and one transaction retries, so none is repeated.
 */
import type { ClientSession } from "mongoose";
import {
  CONSECUTIVE_SERIES,
  MAX_CONSECUTIVE,
  nextConsecutiveProblem,
  seriesInfo,
  seriesOf,
  type ConsecutiveKind,
  type ConsecutiveSeries,
} from "~/domain/issuer/consecutive";
import type { MensajeReceptorCode } from "~/domain/hacienda/mensaje-receptor";
import { refusal, type Refusal } from "~/domain/refusal";
import { recordIssuerChange } from "~models/issuer-settings";
import { Sequence, nextSequenceValue, raiseSequenceValue } from "~models/sequence";

export class ConsecutiveExhausted extends Error {
  override name = "ConsecutiveExhausted";
}

/**
 * The next number (1, 2, 3 …) of the organization's series for `kind`; a MensajeReceptor's series
 * depends on its answer (`mensaje`, 1 when omitted).
 */
export async function takeConsecutive(
  organizationId: string,
  kind: ConsecutiveKind,
  session?: ClientSession,
  options: { mensaje?: MensajeReceptorCode } = {},
): Promise<number> {
  const info = seriesInfo(seriesOf(kind, options.mensaje));
  const value = await nextSequenceValue(organizationId, info.sequenceName, session);
  if (value > MAX_CONSECUTIVE) {
    throw new ConsecutiveExhausted(`Se agotaron los 10 dígitos del consecutivo de ${info.label}.`);
  }
  return value;
}

export interface ConsecutiveCounter {
  series: ConsecutiveSeries;
  label: string;
  typeCode: string;
  /** The number the next document of this series will carry. */
  next: number;
}

export async function consecutiveCounters(organizationId: string): Promise<ConsecutiveCounter[]> {
  const stored = await Sequence.find({
    _id: { $in: CONSECUTIVE_SERIES.map((info) => `${organizationId}|${info.sequenceName}`) },
  }).lean<{ name: string; value: number }[]>();
  const last = new Map(stored.map((record) => [record.name, Number(record.value)]));
  return CONSECUTIVE_SERIES.map((info) => ({
    series: info.series,
    label: info.label,
    typeCode: info.typeCode,
    next: (last.get(info.sequenceName) ?? 0) + 1,
  }));
}

/**
 * Moves a series forward when migrating from another system: the next document carries `next`.
 * Refused (nothing written) when that would go back to a number already handed out.
 */
export async function setNextConsecutive(
  organizationId: string,
  series: ConsecutiveSeries,
  next: number,
  userId: string,
): Promise<Refusal | null> {
  const info = seriesInfo(series);
  const counters = await consecutiveCounters(organizationId);
  const last = counters.find((counter) => counter.series === series)!.next - 1;
  const problem = nextConsecutiveProblem(next, last);
  if (problem) return refusal(problem, "next");
  if (next === last + 1) return null;
  const stored = await raiseSequenceValue(organizationId, info.sequenceName, next - 1);
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
