import { createHash } from "node:crypto";
import { todayInCostaRica } from "~/domain/calendar";
import { keepInputs, readKeptInputs } from "~/domain/board/kept-partial-payment-inputs";
import { nextPartialPayment, type BoardPartialPayment } from "~/domain/board/partial-payments";
import { partialPaymentScheduleOn, type PartialPaymentInputs } from "~/domain/income-tax";
import { defaultAccountsOf } from "~/services/default-accounts/default-accounts.server";
import { listBracketTables } from "~/services/income-tax/brackets.server";
import { partialPaymentInputsOf } from "~/services/income-tax/income-tax.server";
import { yearRevisionsOfMany } from "~/services/ledger/ledger.server";
import { mapInBatches } from "~/utils/in-batches";
import {
  forgetKeptPartialPaymentInputs,
  readKeptPartialPaymentInputs,
  storeKeptPartialPaymentInputs,
} from "~models/board-partial-payment-inputs";
import { taxInputsOf } from "~models/organization";

/** At most this many organizations' inputs are computed at once (each reads four years of reports). */
const CONCURRENT_SCHEDULES = 4;

/**
 * What an organization's pago-parcial inputs of `year` are computed from, as one string: the balances
 * of the three years before and of the year itself (their revision tokens), the taxpayer kind, the
 * catalog, the default accounts and the bracket tables — not the day, which only the pure last step
 * reads (decisions 264 and 310). Equal keys mean equal inputs, so a board that loads again after a
 * post recomputes only the client that posted, and the first board of a day recomputes none. Hashed:
 * it is stored with the inputs (decision 312). Read BEFORE computing, so a key is never newer than
 * the inputs stored under it.
 */
async function inputKeys(organizationIds: readonly string[], year: number) {
  const [revisions, inputs, accounts, tables] = await Promise.all([
    yearRevisionsOfMany(organizationIds),
    taxInputsOf(organizationIds),
    defaultAccountsOf(organizationIds),
    listBracketTables(),
  ]);
  const tablesKey = JSON.stringify(tables, (_, value: unknown) => (typeof value === "bigint" ? String(value) : value));
  const years = [year - 3, year - 2, year - 1, year].map(String);
  return new Map(
    organizationIds.map((id) => {
      const tokens = years.map((key) => revisions.get(id)?.[key] ?? null);
      const key = JSON.stringify([id, year, tokens, inputs.get(id) ?? null, accounts.get(id), tablesKey]);
      return [id, createHash("sha256").update(key).digest("base64url")];
    }),
  );
}

export interface KeptPartialPayments {
  /** The inputs of the organizations whose kept record is current. */
  known: Map<string, PartialPaymentInputs>;
  /** The organizations without a current record, in the order asked. */
  missing: string[];
  keys: Map<string, string>;
}

/** The kept inputs that are current, without computing any. */
export async function keptPartialPaymentInputs(
  organizationIds: readonly string[],
  year: number,
): Promise<KeptPartialPayments> {
  const [keys, kept] = await Promise.all([
    inputKeys(organizationIds, year),
    readKeptPartialPaymentInputs(organizationIds, year),
  ]);
  const known = new Map<string, PartialPaymentInputs>();
  const missing: string[] = [];
  for (const id of organizationIds) {
    const record = kept.get(id);
    const inputs = record && record.key === keys.get(id) ? readKeptInputs(record.inputs) : null;
    if (inputs) known.set(id, inputs);
    else missing.push(id);
  }
  return { known, missing, keys };
}

/** Computes the missing inputs, a few organizations at a time, and stores each under its key. */
async function computeAndKeep(
  missing: readonly string[],
  keys: ReadonlyMap<string, string>,
  year: number,
  now: Date,
): Promise<Map<string, PartialPaymentInputs>> {
  const computed = await mapInBatches(missing, CONCURRENT_SCHEDULES, (id) => partialPaymentInputsOf(id, year, now));
  await storeKeptPartialPaymentInputs(
    missing.map((id, index) => ({ organizationId: id, year, key: keys.get(id)!, inputs: keepInputs(computed[index]) })),
  );
  return new Map(missing.map((id, index) => [id, computed[index]]));
}

/** The next pago parcial on the board's day, from the inputs (the pure step of decision 310). */
export function boardPartialPayment(year: number, inputs: PartialPaymentInputs, now: Date): BoardPartialPayment {
  return nextPartialPayment(year, partialPaymentScheduleOn(year, inputs, todayInCostaRica(now)));
}

/** The next pago parcial of `year` for each organization, from the Impuesto sobre la Renta page's own schedule. */
export async function partialPaymentsFor(
  organizationIds: readonly string[],
  year: number,
  now: Date,
): Promise<Map<string, BoardPartialPayment>> {
  const { known, missing, keys } = await keptPartialPaymentInputs(organizationIds, year);
  for (const [id, inputs] of await computeAndKeep(missing, keys, year, now)) known.set(id, inputs);
  return new Map(organizationIds.map((id) => [id, boardPartialPayment(year, known.get(id)!, now)]));
}

/** Forgets the kept inputs (a benchmark measuring a board with nothing kept). */
export async function forgetPartialPayments(): Promise<void> {
  await forgetKeptPartialPaymentInputs();
}
