import { MAX_PAYMENT_ITEMS, type Side } from "~/domain/open-items";
import { OPEN_ITEM_INTENTS, type OpenItemIntent } from "~/domain/open-items/forms";
import { isNotFound, notFoundRefusal, refusal, type Refusal } from "~/domain/refusal";
import { parseSubmission } from "~/utils/form.server";
import { saveCounterparty } from "./counterparties.server";
import type { OrganizationSummary } from "~/utils/account.server";
import { registerPayment, undoPayment } from "./payments.server";
import { mailStatement } from "./statement-mail.server";

const UNKNOWN_INTENT = "La acción solicitada no existe.";
const PARTY_NOT_FOUND = "Contraparte no encontrada.";

/** Done (the page's notice) or refused, with the form (intent) the refusals concern. */
export type PartyActionOutcome = { ok: true; message: string } | { ok: false; intent: string; refusals: Refusal[] };

function refused(intent: string, ...refusals: Refusal[]): PartyActionOutcome {
  return { ok: false, intent, refusals };
}

const done = (message: string): PartyActionOutcome => ({ ok: true, message });

function firstError(errors: Record<string, string[] | null> | null | undefined): string {
  for (const messages of Object.values(errors ?? {})) if (messages && messages.length > 0) return messages[0];
  return "Revise los datos del formulario.";
}

/**
 * The posts of a statement-of-account page (admins only; the route checked): «Registrar cobro / pago»,
 * «Deshacer», the counterparty's data and «Enviar por correo». Bad input answers 400 with the reason and writes nothing.
 */
export async function partyAction(
  organization: OrganizationSummary,
  side: Side,
  partyId: string,
  userId: string,
  form: FormData,
  /** The page's query (its period): what «Enviar por correo» sends. */
  search: URLSearchParams,
): Promise<PartyActionOutcome> {
  const organizationId = organization.id;
  const intent = form.get("intent");
  if (typeof intent !== "string" || !Object.hasOwn(OPEN_ITEM_INTENTS, intent))
    return refused("", refusal(UNKNOWN_INTENT));
  const actor = { by: userId };
  switch (intent as OpenItemIntent) {
    case "register": {
      const submission = parseSubmission(form, OPEN_ITEM_INTENTS.register, { maxRows: MAX_PAYMENT_ITEMS });
      if (submission.status !== "success") return refused(intent, refusal(firstError(submission.error)));
      const values = submission.value;
      const outcome = await registerPayment(
        organizationId,
        side,
        partyId,
        {
          date: values.date,
          moneyAccount: values.moneyAccount,
          ...(values.received === undefined ? {} : { received: values.received }),
          ...(values.differenceAccount ? { differenceAccount: values.differenceAccount } : {}),
          ...(values.rate === undefined ? {} : { rate: values.rate }),
          ...(values.reference ? { reference: values.reference } : {}),
          ...(values.rep ? { rep: values.rep } : {}),
          applications: values.items
            .filter((row) => row.selected === "on")
            .map((row) => ({ itemId: row.id, ...(row.amount === undefined ? {} : { amount: row.amount }) })),
        },
        actor,
      );
      if (!outcome.ok) {
        if (isNotFound(outcome.refusals)) return refused(intent, notFoundRefusal(PARTY_NOT_FOUND));
        return refused(values.rep ? "rep" : intent, ...outcome.refusals);
      }
      const what = side === "receivable" ? "Cobro registrado" : "Pago registrado";
      return done(`${what}${outcome.entryNumber ? ` (asiento ${outcome.entryNumber})` : ""}.`);
    }
    case "undo": {
      const submission = parseSubmission(form, OPEN_ITEM_INTENTS.undo);
      if (submission.status !== "success") return refused(intent, refusal(firstError(submission.error)));
      const outcome = await undoPayment(organizationId, submission.value.settlementId, submission.value.date, actor);
      if (!outcome.ok) {
        if (isNotFound(outcome.refusals))
          return refused(intent, notFoundRefusal(outcome.refusals[0]?.message ?? PARTY_NOT_FOUND));
        return refused(intent, ...outcome.refusals);
      }
      return done(side === "receivable" ? "Cobro deshecho." : "Pago deshecho.");
    }
    case "settings": {
      const submission = parseSubmission(form, OPEN_ITEM_INTENTS.settings);
      if (submission.status !== "success") return refused(intent, refusal(firstError(submission.error)));
      const values = submission.value;
      const account = side === "receivable" ? "salesAccount" : "purchaseAccount";
      const saved = await saveCounterparty(
        organizationId,
        partyId,
        { paymentTermDays: values.paymentTermDays, [account]: values[account], notes: values.notes },
        userId,
      );
      if (!saved.ok) return refused(intent, ...saved.refusals);
      return done("Datos de la contraparte guardados.");
    }
    case "mail": {
      const submission = parseSubmission(form, OPEN_ITEM_INTENTS.mail);
      if (submission.status !== "success") return refused(intent, refusal(firstError(submission.error)));
      const { to } = submission.value;
      const outcome = await mailStatement(organization, side, partyId, to, search, userId);
      if (!outcome.ok) return refused(intent, ...outcome.refusals);
      return done(`Estado de cuenta enviado a ${to}.`);
    }
  }
}
