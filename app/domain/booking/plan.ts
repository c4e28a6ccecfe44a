import { calendarDateOf } from "../calendar";
import { KIND_INFO } from "../hacienda/codes";
import type { ReceiptKind } from "../hacienda/types";
import type { ReceiptFacts } from "../receipts/compact";
import { cents } from "../money";
import type { DefaultAccounts } from "./default-accounts";
import { purchaseCreditRule } from "../iva/credit-rule";
import { condicionImpuestoOf } from "./iva-treatment";
import { PLAN_MESSAGES } from "./messages";
import { purchaseLines } from "./plan-purchase";
import { saleLines } from "./plan-sale";
import type { BookingInput, PlanLine, PlanOptions, PlanOutcome, ReceptorAnswerInput } from "./plan-types";
import type { RuleMatch } from "./rule-match";

const DESCRIPTION_MAX = 300;
/** CondicionImpuesto 04: the IVA is a cost or expense, not crédito. */
const NO_CREDIT_CONDITION = "04";

/** Whether the document books as a purchase: received receipts, and the buyer's own FEC. */
function isPurchase(kind: ReceiptKind, direction: BookingInput["direction"]): boolean {
  return kind === "FEC" || direction === "received";
}

function mirrored(lines: PlanLine[]): PlanLine[] {
  return lines.map((line) => ({ ...line, debit: cents(line.credit), credit: cents(line.debit) }));
}

function describe(document: ReceiptFacts, counterpart: string | undefined): string {
  const text = `${KIND_INFO[document.kind].label} ${document.consecutivo}${counterpart ? ` · ${counterpart}` : ""}`;
  return text.length > DESCRIPTION_MAX ? text.slice(0, DESCRIPTION_MAX - 1) + "…" : text;
}

/**
 * The entry a receipt books to, or why it gets none (issue 13). Pure: the same answer for "Simular"
 * and for booking. A credit note books as the document it references would (a sale or a purchase)
 * with debit and credit swapped; a received receipt's IVA follows the receptor's answer.
 */
export function planBooking(
  input: BookingInput,
  accounts: DefaultAccounts,
  match: RuleMatch | null,
  options: PlanOptions = {},
): PlanOutcome {
  const { document, direction } = input;
  if (document.kind === "MH") return { ok: false, reason: "no-contabilizable", message: PLAN_MESSAGES.mensajeHacienda };
  if (document.kind === "REP") return { ok: false, reason: "no-contabilizable", message: PLAN_MESSAGES.rep };
  if (input.haciendaEstado === "rechazado")
    return { ok: false, reason: "rechazado", message: PLAN_MESSAGES.rejectedByHacienda };

  const creditNote = document.kind === "NC";
  const bookedAs: ReceiptKind = creditNote ? (input.referenced?.kind ?? "FE") : document.kind;
  const purchase = isPurchase(bookedAs, direction);
  // Reception rules classify purchases only.
  const rule = purchase ? match : null;
  // A credit note is not answered by the receptor: its IVA follows the answer to the document it corrects.
  const answer: ReceptorAnswerInput | undefined = creditNote ? input.referenced?.receptorAnswer : input.receptorAnswer;
  if (purchase && !creditNote && answer?.mensaje === 3)
    return { ok: false, reason: "rechazado", message: PLAN_MESSAGES.rejectedByReceptor };
  if (document.resumen.totalIVADevuelto > 0n) return { ok: false, reason: "error", message: PLAN_MESSAGES.ivaDevuelto };

  // The same rule as the IVA return: a document that gives no crédito books its IVA as cost or expense.
  const givesCredit = purchaseCreditRule(document.kind).gives;
  const lines = purchase
    ? purchaseLines(
        document,
        accounts,
        rule,
        {
          condicionImpuesto: givesCredit ? condicionImpuestoOf(answer, rule) : NO_CREDIT_CONDITION,
          creditable: answer?.montoTotalImpuestoAcreditar,
        },
        input.partyAccounts,
      )
    : saleLines(document, accounts, input.partyAccounts);
  if (typeof lines === "string") return { ok: false, reason: "error", message: lines };

  const counterpart = direction === "issued" ? document.receptor?.nombre : document.emisor.nombre;
  return {
    ok: true,
    plan: {
      date: calendarDateOf(new Date(document.fechaEmision)),
      description: describe(document, counterpart),
      reference: document.consecutivo,
      lines: creditNote ? mirrored(lines) : lines,
      post: rule?.post ?? options.post ?? true,
      rule: rule ? { id: rule.ruleId, version: rule.ruleVersion, name: rule.ruleName } : null,
      unclassified: purchase && rule === null && !input.partyAccounts?.purchase,
    },
  };
}
