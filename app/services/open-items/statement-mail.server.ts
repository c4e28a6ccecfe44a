import { formatCalendarDate } from "~/domain/calendar";
import type { Side } from "~/domain/open-items";
import { notFoundRefusal, refused, type Refused } from "~/domain/refusal";
import { formatReportAmount } from "~/domain/reports";
import type { OrganizationSummary } from "~/utils/account.server";
import { sendMail } from "~/utils/mail.server";
import { recordStatementMail } from "~models/statement-mail";
import { statementForExport } from "./pages.server";
import { statementFileName, statementPdf, STATEMENT_TITLE } from "./statement-files.server";

export const STATEMENT_MAIL_FAILED =
  "No se pudo enviar el correo: el servidor de correo no lo aceptó o no respondió. Intente de nuevo más tarde.";

const PARTY_NOT_FOUND = "Contraparte no encontrada.";

export type StatementMailOutcome = { ok: true; fileName: string } | Refused;

/**
 * «Enviar por correo»: the statement of account the PDF export gives for the same period, attached
 * to a message to `to` through the app's SMTP relay. Every attempt, sent or failed, is recorded.
 */
export async function mailStatement(
  organization: OrganizationSummary,
  side: Side,
  partyId: string,
  to: string,
  search: URLSearchParams,
  by: string,
  now: Date = new Date(),
): Promise<StatementMailOutcome> {
  const view = await statementForExport(organization.id, side, partyId, search);
  if (!view) return refused(notFoundRefusal(PARTY_NOT_FOUND));
  const pdf = await statementPdf(side, organization, view, now);
  const fileName = statementFileName(side, organization, view, "pdf");
  const period = `del ${formatCalendarDate(view.from)} al ${formatCalendarDate(view.to)}`;
  const audit = {
    organizationId: organization.id,
    side,
    partyId: view.party._id,
    to,
    from: view.from,
    until: view.to,
    fileName,
    sentBy: by,
    sentAt: now,
  };
  try {
    await sendMail({
      to,
      subject: `${STATEMENT_TITLE} ${period} · ${organization.name}`,
      text: [
        `Estimado(a) ${view.party.nombre}:`,
        ``,
        `${organization.name} (cédula ${organization.cedula}) le envía su estado de cuenta ${period}.`,
        `Saldo final: ${formatReportAmount(view.statement.closing)}.`,
        ``,
        `Se adjunta el estado de cuenta en PDF (${fileName}).`,
      ].join("\n"),
      attachments: [{ filename: fileName, content: Buffer.from(pdf), contentType: "application/pdf" }],
    });
  } catch (error) {
    await recordStatementMail({ ...audit, outcome: "fallido", error: String(error).slice(0, 500) });
    return refused({ message: STATEMENT_MAIL_FAILED, kind: "unavailable" });
  }
  await recordStatementMail({ ...audit, outcome: "enviado" });
  return { ok: true, fileName };
}
