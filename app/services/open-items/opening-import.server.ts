import type { CalendarDate } from "~/domain/calendar";
import type { Side } from "~/domain/open-items";
import {
  OPENING_KIND,
  OPENING_MESSAGES,
  lineError,
  readOpeningCsv,
  type OpeningRow,
} from "~/domain/open-items/opening-import";
import { withTransaction } from "~/utils/db.server";
import { counterpartiesByCedula, insertCounterparties } from "~models/counterparty";
import { isDuplicateKeyError } from "~models/mongo-errors";
import { existingItemKeys, type OpenItemRecord } from "~models/open-item";
import { insertItems } from "~models/open-item-writes";

export type OpeningImportOutcome = { ok: true; count: number; parties: number } | { ok: false; errors: string[] };

/** An imported opening balance's key: one per side, cédula and document number in the organization. */
export function openingKey(side: Side, row: Pick<OpeningRow, "cedula" | "documento">): string {
  return `saldo-inicial:${side}:${row.cedula}:${row.documento}`;
}

const lineOf = (error: string) => Number(/^Línea (\d+)/.exec(error)?.[1] ?? 0);

function inLineOrder(errors: string[]): string[] {
  return errors
    .map((error, index) => ({ error, index }))
    .sort((a, b) => lineOf(a.error) - lineOf(b.error) || a.index - b.index)
    .map(({ error }) => error);
}

class Refused extends Error {
  constructor(readonly errors: string[]) {
    super("refused");
  }
}

/**
 * Imports the opening balances of a side's counterparties from a CSV: every line is checked first,
 * then the counterparties the file names for the first time and the items are written in one
 * transaction; any error — in the file or against what is stored — writes nothing. No entry is
 * posted: the balances are already in the control account from the books' own opening entry
 * (docs/decisions/257-opening-balances-explain-the-control-account.md).
 */
export async function importOpeningBalances(
  organizationId: string,
  side: Side,
  bytes: Uint8Array,
  by: string,
  today: CalendarDate,
): Promise<OpeningImportOutcome> {
  const { rows, errors: fileErrors } = readOpeningCsv(bytes, today);
  if (rows.length === 0) return { ok: false, errors: fileErrors };
  try {
    return await withTransaction(
      async (session) => {
        const cedulas = [...new Set(rows.map((row) => row.cedula))];
        const known = new Map(
          (await counterpartiesByCedula(organizationId, cedulas, session)).map((party) => [party.cedula, party._id]),
        );
        const taken = await existingItemKeys(
          organizationId,
          rows.map((row) => openingKey(side, row)),
          session,
        );
        const errors: string[] = [];
        const newParties = new Map<string, string>();
        for (const row of rows)
          if (!known.has(row.cedula) && row.nombre && !newParties.has(row.cedula))
            newParties.set(row.cedula, row.nombre);
        for (const row of rows) {
          if (taken.has(openingKey(side, row)))
            errors.push(lineError(row.line, "documento", OPENING_MESSAGES.alreadyImported));
          if (!known.has(row.cedula) && !newParties.has(row.cedula))
            errors.push(lineError(row.line, "cédula", OPENING_MESSAGES.unknownParty));
        }
        if (fileErrors.length > 0 || errors.length > 0) throw new Refused(inLineOrder([...fileErrors, ...errors]));
        const created = await insertCounterparties(
          [...newParties].map(([cedula, nombre]) => ({ organizationId, cedula, nombre, seenAt: new Date(0) })),
          session,
        );
        const now = new Date();
        const records: Omit<OpenItemRecord, "_id">[] = rows.map((row) => ({
          organizationId,
          side,
          partyId: known.get(row.cedula) ?? created.get(row.cedula)!,
          key: openingKey(side, row),
          kind: OPENING_KIND,
          consecutivo: row.documento,
          fecha: row.fecha,
          dueDate: row.dueDate,
          currency: "CRC",
          amount: row.amount,
          balance: row.amount,
          settledAtIssue: false,
          createdBy: by,
          createdAt: now,
        }));
        await insertItems(records, session);
        return { ok: true as const, count: records.length, parties: created.size };
      },
      { retryOn: isDuplicateKeyError },
    );
  } catch (error) {
    if (error instanceof Refused) return { ok: false, errors: error.errors };
    throw error;
  }
}
