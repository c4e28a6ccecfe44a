/**
 * A month marked conciliado stays as it was printed: an import that would add lines to it is refused
 * with nothing stored, and «Marcar conciliado» decides on the conciliación its own transaction reads,
 * so an import that lands while it runs cannot slip in between.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CAPITAL_AND_EXPENSES, createBacColonesAccountWithStatement, postBankMovement } from "./bank-fixtures";
import { BankMonth } from "../../models/bank-month";
import { BankStatement } from "../../models/bank-statement";
import { BankStatementLine } from "../../models/bank-statement-line";
import { storedBigInt } from "../../models/open-item";
import { ensureOrganization } from "../../models/organization";
import type { BankAccountRecord } from "../../models/bank-account";
import type { CalendarDate } from "../../app/domain/calendar";
import { acceptProposal, matchingData } from "../../app/services/bank/matching.server";
import { closeMonth, reopenMonth } from "../../app/services/bank/month-close.server";
import * as reconciliation from "../../app/services/bank/reconciliation.server";
import { importStatement } from "../../app/services/bank/statements.server";
import { action } from "../../app/routes/_app.admin.bank";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { BASE_URL, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

vi.mock("../../app/services/bank/reconciliation.server", async (importOriginal) => {
  const real = await importOriginal<typeof reconciliation>();
  return { ...real, reconciliationAt: vi.fn(real.reconciliationAt) };
});

const CEDULA = "3101990029";
const ORG = `CR:${CEDULA}`;
const BANK = "10-01-01-03-01";
const IBAN = "CR12010200009301234567";
let environment: AppEnvironment;
let account: BankAccountRecord;
let cookie: string;

/** A BAC file from the November fixture's closing balance on, with the given movements. */
function bacFile(rows: Array<{ day: string; reference: string; text: string; amount: number }>): Uint8Array {
  let balance = 187_325_050;
  const money = (cents: number) => (cents / 100).toFixed(2);
  const body = rows.map((row) => {
    balance += row.amount;
    const debit = row.amount < 0 ? -row.amount : 0;
    const credit = row.amount > 0 ? row.amount : 0;
    return `${row.day},${row.reference},TF,${row.text},${money(debit)},${money(credit)},${money(balance)}`;
  });
  const text = [
    "Número de cliente,Nombre,Producto,Moneda,Saldo inicial,Saldo total,Fondos retenidos y diferidos,Saldo disponible,Fecha,STBGAV,STBUNC,Mensaje 1,Mensaje 2",
    `123456,ALMACEN LA PENA S.A.,${IBAN},COLONES,1873250.50,${money(balance)},0.00,${money(balance)},31/12/2026,,,,`,
    "",
    "Fecha de transacción,Referencia de transacción,Códigos de transacción,Descripción de transacciones,Débito de transacción,Crédito de transacción,Balance de transacción",
    ...body,
  ].join("\r\n");
  return Uint8Array.from(Buffer.from(text, "latin1"));
}

function upload(name: string, bytes: Uint8Array): Promise<Response> {
  const body = new FormData();
  body.append("intent", "upload");
  body.append("accountId", String(account._id));
  body.append("statement", new Blob([new Uint8Array(bytes)]), name);
  const request = new Request(new URL(`/admin/bank?org=${CEDULA}`, BASE_URL), {
    method: "POST",
    headers: { Cookie: cookie },
    body,
  });
  return respond(() => action({ request, params: {}, context: { cspNonce: "" } }));
}

async function post(date: string, colones: bigint, description: string) {
  await postBankMovement(ORG, BANK, { date, amount: colones * 100_000n, description }, CAPITAL_AND_EXPENSES);
}

const storedLines = () => BankStatementLine.countDocuments({ bankAccountId: account._id });

beforeAll(async () => {
  environment = await startAppEnvironment();
  await ensureOrganization({ _id: ORG, name: "Almacén La Peña S.A.", identificationType: "02" });
  cookie = await sessionCookieFor((await createTestUser({ persona: "admin", orgs: { [ORG]: "admin" } })).id);
  account = await createBacColonesAccountWithStatement(ORG, BANK, IBAN);
  // The opening the bank states, and the cheque it paid: November's difference is zero once it is matched.
  await post("2026-10-31", 1_500_000n, "Saldo inicial del banco");
  await post("2026-11-05", -125_000n, "Cheque a proveedor");
  const cheque = (await matchingData(account)).proposals[0];
  expect((await acceptProposal(account, cheque.bankLineIds[0], "tester")).ok).toBe(true);
}, 60_000);

afterAll(async () => {
  await environment?.close();
});

describe("a close and an import at the same time", () => {
  it("the close runs again on what the import stored: the month closes with the new line in its figures", async () => {
    const real = vi.mocked(reconciliation.reconciliationAt).getMockImplementation()!;
    // Between the close's reading of its conciliación and its writes, a November movement arrives.
    vi.mocked(reconciliation.reconciliationAt).mockImplementationOnce(async (...args) => {
      const read = await real(...args);
      const late = await importStatement(account, "tester", {
        format: "bac",
        fileName: "tarde.csv",
        bytes: bacFile([{ day: "29/11/2026", reference: "912345677", text: "COMISION SINPE", amount: -50_000 }]),
      });
      expect(late.ok).toBe(true);
      return read;
    });
    expect(await closeMonth(account, "2026-11", "tester")).toMatchObject({ ok: true });
    expect(vi.mocked(reconciliation.reconciliationAt).mock.calls.length).toBe(2);
    const month = (await BankMonth.findOne({ bankAccountId: account._id, month: "2026-11" }).lean())!;
    const now = await real(account, "2026-11-30" as CalendarDate);
    expect(now.bankBalance).toBe(187_275_050n);
    expect(storedBigInt(month.bankBalance)).toBe(now.bankBalance);
    expect(now.unrecorded.count).toBe(6);
  });
});

describe("importing into a month marked conciliado", () => {
  it("refuses a file that would add a line to it, storing nothing", async () => {
    const lines = await storedLines();
    const statements = await BankStatement.countDocuments({ bankAccountId: account._id });
    const response = await upload(
      "diciembre.csv",
      bacFile([
        { day: "30/11/2026", reference: "912345678", text: "COMISION OLVIDADA", amount: -10_000 },
        { day: "02/12/2026", reference: "912345679", text: "DEPOSITO", amount: 2_000_000 },
      ]),
    );
    expect(response.status).toBe(409);
    expect(((await response.json()) as { message: string }).message).toBe(
      "El archivo trae 1 movimiento nuevo de noviembre de 2026, mes ya marcado como conciliado en esta cuenta; no se importó nada. Un superadministrador puede reabrir el mes.",
    );
    expect(await storedLines()).toBe(lines);
    expect(await BankStatement.countDocuments({ bankAccountId: account._id })).toBe(statements);
  });

  it("takes a file whose lines of that month are already stored, adding only the later ones", async () => {
    const lines = await storedLines();
    const response = await upload(
      "noviembre-y-diciembre.csv",
      bacFile([
        { day: "29/11/2026", reference: "912345677", text: "COMISION SINPE", amount: -50_000 },
        { day: "02/12/2026", reference: "912345679", text: "DEPOSITO", amount: 2_000_000 },
      ]),
    );
    expect(response.status).toBe(302);
    expect(await storedLines()).toBe(lines + 1);
  });

  it("takes the month's new lines once a super admin reopens it", async () => {
    expect(await reopenMonth(account, "2026-11", "super")).toMatchObject({ ok: true });
    const response = await upload(
      "noviembre-tarde.csv",
      bacFile([{ day: "30/11/2026", reference: "912345678", text: "COMISION OLVIDADA", amount: -10_000 }]),
    );
    expect(response.status).toBe(302);
    expect(
      await BankStatementLine.countDocuments({ bankAccountId: account._id, description: "COMISION OLVIDADA" }),
    ).toBe(1);
  });
});
