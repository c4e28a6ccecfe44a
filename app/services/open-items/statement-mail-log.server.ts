import { formatCalendarDate, formatDateTime, type CalendarDate } from "~/domain/calendar";
import { findCounterparty } from "~models/counterparty";
import { latestStatementMails } from "~models/statement-mail";

/** How many of the latest sends the page lists. */
export const SHOWN_MAILS = 5;

/** The latest sends of a counterparty's statement, as the page lists them. */
export async function statementMailLog(organizationId: string, partyId: string) {
  const party = await findCounterparty(organizationId, partyId);
  if (!party) return [];
  const mails = await latestStatementMails(organizationId, party._id, SHOWN_MAILS);
  return mails.map((mail) => ({
    text: `${mail.outcome === "enviado" ? "Enviado" : "Falló el envío"} a ${mail.to} el ${formatDateTime(mail.sentAt)} (${formatCalendarDate(mail.from as CalendarDate)} al ${formatCalendarDate(mail.until as CalendarDate)})`,
    failed: mail.outcome === "fallido",
  }));
}
