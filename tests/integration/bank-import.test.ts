/**
 * Bank accounts and statement imports against a real database: the mapped account must be a leaf of the
 * organization's catalog and not another bank account's; a file imported twice, or an overlapping period,
 * never stores a line twice; a refused file writes nothing.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BankStatement } from "../../models/bank-statement";
import { BankStatementLine } from "../../models/bank-statement-line";
import { ensureOrganization } from "../../models/organization";
import { readBankAccountForm } from "../../app/domain/bank/account-form";
import { createBankAccount } from "../../app/services/bank/accounts.server";
import { importStatement } from "../../app/services/bank/statements.server";
import type { BankAccountRecord } from "../../models/bank-account";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";

const ORG = "CR:3101990001";
const fixture = (name: string) => new Uint8Array(readFileSync(path.resolve("tests/fixtures/bank", name)));
let environment: AppEnvironment;
let bac: BankAccountRecord;
let scotiabank: BankAccountRecord;

function form(fields: Record<string, string>) {
  const read = readBankAccountForm(fields);
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.value;
}

beforeAll(async () => {
  environment = await startAppEnvironment();
  await ensureOrganization({ _id: ORG, name: "Conciliaciones de Prueba S.A.", identificationType: "02" });
  const created = await createBankAccount(
    ORG,
    "tester",
    form({
      bank: "bac",
      iban: "CR12 0102 0000 9301 2345 67",
      currency: "CRC",
      ledgerAccount: "10-01-01-03-01",
      format: "bac",
    }),
  );
  if (!created.ok) throw new Error(created.refusals[0].message);
  bac = created.account;
  const second = await createBankAccount(
    ORG,
    "tester",
    form({
      bank: "scotiabank",
      number: "4455667788",
      currency: "CRC",
      ledgerAccount: "10-01-01-03-02",
      format: "scotiabank",
    }),
  );
  if (!second.ok) throw new Error(second.refusals[0].message);
  scotiabank = second.account;
}, 60_000);

afterAll(async () => {
  await environment?.close();
});

describe("bank accounts", () => {
  it("map to a leaf of the catalog that no other bank account uses", async () => {
    const group = await createBankAccount(
      ORG,
      "tester",
      form({
        bank: "bn",
        number: "100-01-000-123456-7",
        currency: "CRC",
        ledgerAccount: "10-01-01-03-00",
        format: "csv",
        ...MAPPING,
      }),
    );
    expect(group).toEqual({
      ok: false,
      refusals: [
        {
          field: "ledgerAccount",
          message: "La cuenta 10-01-01-03-00 agrupa otras cuentas; elija una cuenta de detalle.",
        },
      ],
    });
    const taken = await createBankAccount(
      ORG,
      "tester",
      form({
        bank: "bn",
        number: "100-01-000-123456-7",
        currency: "CRC",
        ledgerAccount: "10-01-01-03-01",
        format: "bac",
      }),
    );
    expect(taken.ok).toBe(false);
    if (!taken.ok)
      expect(taken.refusals[0].message).toMatch(/^La cuenta 10-01-01-03-01 ya es la de la cuenta bancaria CR12 0102/);
    const unknown = await createBankAccount(
      ORG,
      "tester",
      form({ bank: "bn", number: "1", currency: "CRC", ledgerAccount: "10-01-01-09-09", format: "bac" }),
    );
    expect(unknown.ok).toBe(false);
  });

  it("refuses a second account with the same IBAN", async () => {
    const again = await createBankAccount(
      ORG,
      "tester",
      form({
        bank: "bac",
        iban: "CR12010200009301234567",
        currency: "CRC",
        ledgerAccount: "10-01-01-03-03",
        format: "bac",
      }),
    );
    expect(again).toEqual({
      ok: false,
      refusals: [{ field: "iban", message: "Este cliente ya tiene una cuenta bancaria con ese IBAN o número." }],
    });
  });
});

const MAPPING = {
  separator: ";",
  encoding: "utf-8",
  skipLines: "3",
  dateColumn: "1",
  dateStyle: "dd/mm/yyyy",
  decimalMark: ",",
  referenceColumn: "2",
  descriptionColumn: "3",
  debitColumn: "4",
  creditColumn: "5",
  balanceColumn: "6",
};

describe("statement import", () => {
  it("stores each line once, pending, however often the file comes", async () => {
    const first = await importStatement(bac, "tester", {
      format: "bac",
      fileName: "bac.csv",
      bytes: fixture("bac-cuenta-colones.csv"),
    });
    expect(first).toMatchObject({
      ok: true,
      lineCount: 6,
      newCount: 6,
      message: "Se importaron 6 movimientos nuevos.",
    });
    const again = await importStatement(bac, "tester", {
      format: "bac",
      fileName: "bac.csv",
      bytes: fixture("bac-cuenta-colones.csv"),
    });
    expect(again).toMatchObject({
      ok: false,
      refusal: { message: "El archivo no trae movimientos nuevos: sus 6 movimientos ya estaban importados." },
    });
    const lines = await BankStatementLine.find({ bankAccountId: bac._id }).sort({ date: 1 }).lean();
    expect(lines).toHaveLength(6);
    expect(lines.every((line) => line.state === "pendiente")).toBe(true);
    expect(await BankStatement.countDocuments({ bankAccountId: bac._id })).toBe(1);
  });

  it("adds only the new lines of an overlapping file, keeping equal movements of one day apart", async () => {
    const text = new TextDecoder("windows-1252").decode(fixture("scotiabank-cuenta.csv"));
    const rows = text.trimEnd().split("\r\n");
    const early = [rows[0], rows[1], rows[2], rows[2]].join("\r\n");
    const late = [rows[0], rows[2], rows[2], rows[3], rows[4]].join("\r\n");
    const encode = (value: string) => new Uint8Array(Buffer.from(value, "latin1"));
    const first = await importStatement(scotiabank, "tester", {
      format: "scotiabank",
      fileName: "a.csv",
      bytes: encode(early),
    });
    expect(first).toMatchObject({ ok: true, newCount: 3 });
    const second = await importStatement(scotiabank, "tester", {
      format: "scotiabank",
      fileName: "b.csv",
      bytes: encode(late),
    });
    expect(second).toMatchObject({
      ok: true,
      lineCount: 4,
      newCount: 2,
      message: "Se importaron 2 movimientos nuevos; 2 ya estaban importados.",
    });
    const amounts = (
      await BankStatementLine.find({ bankAccountId: scotiabank._id }).sort({ date: 1, line: 1 }).lean()
    ).map((line) => BigInt(line.amount));
    expect(amounts).toEqual([35_000_000n, -150_000n, -150_000n, -8_245_000n, 1_250_050n]);
  });

  it("writes nothing for a file of another account", async () => {
    const before = await BankStatementLine.countDocuments();
    const result = await importStatement(scotiabank, "tester", {
      format: "bac",
      fileName: "bac.csv",
      bytes: fixture("bac-cuenta-colones.csv"),
    });
    expect(result).toMatchObject({
      ok: false,
      refusal: {
        message: expect.stringMatching(/^El archivo es de la cuenta CR12010200009301234567, no de 4455667788/),
      },
    });
    expect(await BankStatementLine.countDocuments()).toBe(before);
  });
});
