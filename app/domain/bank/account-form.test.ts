import { describe, expect, it } from "vitest";
import { readBankAccountForm } from "./account-form";
import { lineKeys } from "./fingerprint";
import type { StatementLine } from "./statement";
import type { CalendarDate } from "../calendar";
import type { Cents } from "../money";

const BASE = { bank: "bac", currency: "CRC", ledgerAccount: "10-01-01-03-01", format: "bac" };

describe("the bank-account form", () => {
  it("keeps a valid IBAN compact and needs an IBAN or a number", () => {
    expect(readBankAccountForm({ ...BASE, iban: "cr05 0152 0200 1026 2840 66" })).toEqual({
      ok: true,
      value: { ...BASE, iban: "CR05015202001026284066" },
    });
    expect(readBankAccountForm(BASE)).toEqual({
      ok: false,
      errors: { iban: "Indique el IBAN o el número de la cuenta." },
    });
    expect(readBankAccountForm({ ...BASE, iban: "CR05015202001026284067" })).toMatchObject({
      ok: false,
      errors: { iban: expect.stringMatching(/dígito de control/) },
    });
  });

  it("refuses unknown choices and a malformed account code in Spanish", () => {
    const read = readBankAccountForm({
      bank: "banco",
      currency: "EUR",
      ledgerAccount: "10-01",
      format: "pdf",
      number: "1",
    });
    expect(read).toEqual({
      ok: false,
      errors: {
        bank: "Elija el banco.",
        currency: "Elija la moneda de la cuenta.",
        ledgerAccount: "Escriba la cuenta contable como 10-01-01-03-01.",
        format: "Elija el formato de los estados de cuenta.",
      },
    });
  });

  it("asks for the column mapping of a generic CSV, bounded", () => {
    const csv = { ...BASE, format: "csv", number: "100-01-000-123456-7" };
    expect(
      readBankAccountForm({
        ...csv,
        separator: ";",
        encoding: "utf-8",
        skipLines: "1",
        dateColumn: "1",
        dateStyle: "dd/mm/yyyy",
        decimalMark: ",",
        descriptionColumn: "2",
        amountColumn: "3",
      }),
    ).toMatchObject({
      ok: true,
      value: { mapping: { separator: ";", skipLines: 1, dateColumn: 1, descriptionColumn: 2, amountColumn: 3 } },
    });
    const refused = readBankAccountForm({
      ...csv,
      separator: ";",
      encoding: "utf-8",
      skipLines: "99",
      dateColumn: "41",
      dateStyle: "dd/mm/yyyy",
      decimalMark: ",",
      descriptionColumn: "2",
    });
    expect(refused).toEqual({
      ok: false,
      errors: {
        skipLines: "Se pueden saltar como máximo 50 líneas.",
        dateColumn: "Las columnas llegan hasta la 40.",
        amountColumn: "Indique una columna de monto con signo, o bien una columna de débitos y otra de créditos.",
      },
    });
  });
});

describe("line keys", () => {
  const line = (amount: bigint, extra: Partial<StatementLine> = {}): StatementLine => ({
    line: 1,
    date: "2026-11-02" as CalendarDate,
    amount: amount as Cents,
    description: "Café  Central",
    reference: "",
    ...extra,
  });

  it("tell equal movements of one file apart by occurrence and ignore case, accents and spacing", () => {
    const keys = lineKeys([line(-150_000n), line(-150_000n), line(-150_000n, { description: "CAFE CENTRAL" })]);
    expect(new Set(keys).size).toBe(3);
    expect(lineKeys([line(-150_000n, { description: "CAFE CENTRAL", line: 9 })])[0]).toBe(keys[0]);
  });

  it("use the bank's own id when there is one", () => {
    expect(lineKeys([line(1n, { bankId: "F1" })])).toEqual(lineKeys([line(2n, { bankId: "F1", description: "otro" })]));
  });
});
