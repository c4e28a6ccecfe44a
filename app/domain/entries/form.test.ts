import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import type { CalendarDate } from "../calendar";
import { cents } from "../money";
import {
  INTENT_REQUIRED,
  differenceText,
  entryFormSchema,
  entryInputOf,
  formTotals,
  newEntryDefaults,
  storedEntryDefaults,
  typedDollarColones,
} from "./form";

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

const base = {
  intent: "post",
  date: "31/10/2026",
  description: "Pago de alquiler de octubre",
  reference: "Recibo 1203",
};
const parse = (entries: Record<string, string>) => parseWithZod(form(entries), { schema: entryFormSchema });
const errorsOf = (entries: Record<string, string>) => parse(entries).reply().error ?? {};

describe("the entry form's schema (conform's repeated lines[i].field)", () => {
  it("reads the repeated lines, money typed the Costa Rican way, the date as a CalendarDate; blank rows stay blank", () => {
    const submission = parse({
      ...base,
      "lines[0].account": "60-01-01-02-00",
      "lines[0].description": "Alquiler",
      "lines[0].debit": "1 234,56",
      "lines[1].account": "10-01-01-01-00",
      "lines[1].credit": "1234.56",
      "lines[2].account": "",
      "lines[2].debit": "",
      "lines[3].account": "",
    });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.date).toBe("2026-10-31");
    expect(submission.value.lines).toHaveLength(4);
    expect(entryInputOf(submission.value)).toEqual({
      date: "2026-10-31",
      description: "Pago de alquiler de octubre",
      reference: "Recibo 1203",
      lines: [
        { account: "60-01-01-02-00", description: "Alquiler", debit: 123_456_000n, credit: null },
        { account: "10-01-01-01-00", description: "", debit: null, credit: 123_456_000n },
        { account: "", description: "", debit: null, credit: null },
        { account: "", description: "", debit: null, credit: null },
      ],
    });
  });

  it("accepts 1234,56, 1 234,56, 1234.56 and 1.234.567,89 as the same kind of amount", () => {
    for (const [typed, amount] of [
      ["1234,56", 123_456_000n],
      ["1 234,56", 123_456_000n],
      ["1234.56", 123_456_000n],
      ["1.234.567,89", 123_456_789_000n],
      ["₡500", 50_000_000n],
    ] as const) {
      const submission = parse({ ...base, "lines[0].account": "x", "lines[0].debit": typed });
      expect(submission.status === "success" && submission.value.lines[0].debit, typed).toBe(amount);
    }
  });

  it("refuses an ambiguous 1.234, a third decimal, a sign or text, on the line's own field", () => {
    const errors = errorsOf({
      ...base,
      "lines[0].debit": "1.234",
      "lines[1].credit": "1234,567",
      "lines[2].debit": "-5",
      "lines[3].credit": "mil",
    });
    expect(errors["lines[0].debit"]).toEqual(["Escriba el monto con coma decimal, por ejemplo 1234,56."]);
    expect(errors["lines[1].credit"]).toEqual(["El monto admite como máximo 2 decimales (céntimos)."]);
    expect(errors["lines[2].debit"]).toEqual(["El monto no puede ser negativo."]);
    expect(errors["lines[3].credit"]).toEqual(["Escriba un monto válido, por ejemplo 1234,56."]);
  });

  it("refuses a missing or impossible date, a missing description and a missing intent, in Spanish", () => {
    const errors = errorsOf({ date: "30/02/2025", description: "  " });
    expect(errors.date).toEqual(["La fecha 30/02/2025 no existe."]);
    expect(errors.description).toEqual(["Escriba la descripción del asiento."]);
    expect(errors.intent).toEqual([INTENT_REQUIRED]);
    expect(errorsOf({ ...base, date: "" }).date).toEqual(["Escriba la fecha como dd/mm/aaaa, por ejemplo 31/10/2026."]);
  });

  it("ignores forged fields: organization, number and status are not part of the form", () => {
    const submission = parse({
      ...base,
      organizationId: "CR:3102654321",
      number: "2026-000001",
      status: "contabilizado",
      "lines[0].account": "x",
    });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && Object.keys(submission.value).sort()).toEqual([
      "date",
      "description",
      "intent",
      "lines",
      "reference",
    ]);
  });

  it("keeps the submitted text in the reply, so the page re-renders what was typed", () => {
    const reply = parse({ ...base, "lines[0].debit": "1.234", "lines[1].credit": "99" }).reply();
    expect(reply.initialValue).toMatchObject({ date: "31/10/2026", lines: [{ debit: "1.234" }, { credit: "99" }] });
  });
});

describe("defaults", () => {
  it("a new entry is dated today with 2 + 2 empty rows", () => {
    const defaults = newEntryDefaults("2026-10-31" as CalendarDate);
    expect(defaults.date).toBe("2026-10-31");
    expect(defaults.lines).toHaveLength(4);
    expect(defaults.lines.every((line) => Object.values(line).every((value) => value === ""))).toBe(true);
  });

  it("a stored entry shows its amounts as typed (1234,56) and two spare rows", () => {
    const defaults = storedEntryDefaults({
      date: "2026-10-31",
      description: "Venta",
      lines: [
        { account: "10-01-01-01-00", debit: cents(123456n), credit: cents(0n) },
        { account: "40-01-01-00-00", description: "Contado", debit: cents(0n), credit: cents(123456n) },
      ],
    });
    expect(defaults.lines).toEqual([
      { account: "10-01-01-01-00", description: "", debit: "1234,56", credit: "" },
      { account: "40-01-01-00-00", description: "Contado", debit: "", credit: "1234,56" },
      { account: "", description: "", debit: "", credit: "" },
      { account: "", description: "", debit: "", credit: "" },
    ]);
    expect(defaults.reference).toBe("");
  });
});

describe("the live difference", () => {
  it("sums what can be read and shows «Diferencia: ₡…» in es-CR", () => {
    const totals = formTotals([
      { debit: "1 000,50" },
      { credit: "400" },
      { credit: "1.2" },
      { debit: "1.234" },
      null,
      { debit: "" },
    ]);
    expect(totals).toEqual({ debit: 100_050n, credit: 40_120n, difference: 59_930n });
    expect(differenceText(totals).replace(/\s/g, " ")).toBe("Diferencia: ₡599,30");
    expect(differenceText(formTotals([{ debit: "1234,56" }, { credit: "1234,56" }]))).toBe("Diferencia: ₡0,00");
    expect(differenceText(formTotals([{ debit: "1" }, { credit: "1234,56" }])).replace(/\s/g, " ")).toBe(
      "Diferencia: ₡1 233,56",
    );
  });
});

describe("a line to an account kept in dollars", () => {
  it("reads US$ and the rate (comma or point) into the ledger's input, and shows them back", () => {
    const submission = parse({
      intent: "post",
      date: "15/10/2026",
      description: "Venta de exportación",
      "lines[0].account": "10-01-01-04-01",
      "lines[0].debit": "632 520,64",
      "lines[0].foreignAmount": "1 234,56",
      "lines[0].rate": "512,345",
      "lines[1].account": "40-01-01-01-00",
      "lines[1].credit": "632520,64",
    });
    if (submission.status !== "success") throw new Error("expected the form to parse");
    const input = entryInputOf(submission.value);
    expect(input.lines[0]).toMatchObject({ currency: "USD", foreignAmount: 123456000n, rate: 51234500n });
    expect(input.lines[1]).not.toHaveProperty("currency");
    const shown = storedEntryDefaults({
      date: "2026-10-15",
      description: "Venta",
      lines: [
        {
          account: "10-01-01-04-01",
          debit: cents(63252064n),
          credit: cents(0n),
          currency: "USD",
          foreignAmount: 123456000n,
          rate: 51234500n,
        },
      ],
    });
    expect(shown.lines[0]).toMatchObject({ foreignAmount: "1234,56", rate: "512,345" });
  });

  it("refuses a rate outside the typed range", () => {
    const submission = parse({
      intent: "post",
      date: "15/10/2026",
      description: "Venta",
      "lines[0].account": "10-01-01-04-01",
      "lines[0].rate": "0",
    });
    if (submission.status !== "error") throw new Error("expected a refusal");
    expect(submission.error?.["lines[0].rate"]).toEqual(["El tipo de cambio debe estar entre ₡1 y ₡10 000."]);
  });

  it("shows the colones of US$ × rate once both can be read", () => {
    expect(typedDollarColones("1234,56", "512,345")).toBe(63252064n);
    expect(typedDollarColones("12", "1.234,5")).toBe(1481400n);
    expect(typedDollarColones("12", "1.234")).toBe(null);
    expect(typedDollarColones("12", "0,5")).toBe(null);
  });
});
