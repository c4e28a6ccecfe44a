import { calendarDateOf, type CalendarDate } from "~/domain/calendar";
import { cents, type Cents } from "~/domain/money";
import { repApplications, type Side } from "~/domain/open-items";
import type { OpenItemRecord } from "~models/open-item";
import { repsNaming } from "~models/open-item-sources";
import { usedRepKeys } from "~models/settlement";
import { itemLabel } from "./payments.server";

export interface PendingRep {
  clave: string;
  consecutivo: string;
  date: CalendarDate;
  amount: Cents;
  applications: Array<{ itemId: string; label: string; amount: Cents }>;
}

/**
 * The recibos electrónicos de pago that name open documents of these items and have no cobro / pago
 * registered from them yet, each with what it would settle (issued REPs for receivables, received
 * ones for payables).
 */
export async function pendingReps(
  organizationId: string,
  side: Side,
  items: readonly OpenItemRecord[],
): Promise<PendingRep[]> {
  const open = items.filter((item) => item.receiptId && item.balance > 0n);
  if (open.length === 0) return [];
  const byKey = new Map(open.map((item) => [item.key, item]));
  const reps = await repsNaming(organizationId, {
    direction: side === "receivable" ? "issued" : "received",
    keys: [...byKey.keys()],
  });
  const used = await usedRepKeys(
    organizationId,
    reps.map((rep) => rep.clave),
  );
  const pending: PendingRep[] = [];
  for (const rep of reps) {
    if (used.has(rep.clave)) continue;
    const named = rep.referencedClaves.flatMap((key) => {
      const item = byKey.get(key);
      return item ? [item] : [];
    });
    const applications = repApplications(
      cents(rep.totalColones),
      named.map((item) => ({ id: String(item._id), open: cents(item.balance) })),
    );
    if (applications.length === 0) continue;
    const labels = new Map(named.map((item) => [String(item._id), itemLabel(item)]));
    pending.push({
      clave: rep.clave,
      consecutivo: rep.consecutivo,
      date: calendarDateOf(rep.fechaEmision),
      amount: cents(rep.totalColones),
      applications: applications.map((application) => ({ ...application, label: labels.get(application.itemId)! })),
    });
  }
  return pending;
}
