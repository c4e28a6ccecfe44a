import { describe, expect, it } from "vitest";
import { buildCatalog, indexCatalog } from "../catalog";
import { cents } from "../money";
import { patternProblem, fillPattern } from "./pattern";
import { formatRate, readRate } from "./rate";
import { validateTemplate } from "./validate";
import { onFormRows, templateOfForm, templateFormSchema } from "./form";
import type { CalendarDate } from "../calendar";
import type { EntryTemplate, TemplateLine } from "./types";

const accounts = indexCatalog(buildCatalog({ "60-01-01-00-00": { disabled: true } }));

const line = (account: string, side: TemplateLine["side"], rest: Partial<TemplateLine> = {}): TemplateLine => ({
  account,
  side,
  description: "",
  kind: "digitar",
  amount: null,
  rate: null,
  ...rest,
});

const template = (lines: TemplateLine[], rest: Partial<EntryTemplate> = {}): EntryTemplate => ({
  name: "Planilla",
  description: "Planilla {mes} {año}",
  lines,
  ...rest,
});

const messages = (t: EntryTemplate) => validateTemplate(t, accounts).map((r) => r.message);

describe("readRate", () => {
  it("reads percentages with a comma or a point and up to 4 decimals, exactly", () => {
    expect(readRate("9,25")).toEqual({ ok: true, rate: 92_500 });
    expect(readRate("0.8333")).toEqual({ ok: true, rate: 8_333 });
    expect(readRate("100 %")).toEqual({ ok: true, rate: 1_000_000 });
    expect(formatRate(268_300)).toBe("26,83 %");
    expect(formatRate(8_333)).toBe("0,8333 %");
  });
  it("refuses a fifth decimal, zero, words and more than 1000 %", () => {
    expect(readRate("0,83333")).toEqual({
      ok: false,
      message: "Escriba el porcentaje con hasta 4 decimales, por ejemplo 9,25.",
    });
    expect(readRate("0")).toEqual({ ok: false, message: "El porcentaje debe ser mayor que cero." });
    expect(readRate("diez").ok).toBe(false);
    expect(readRate("1000,0001")).toEqual({ ok: false, message: "El porcentaje no puede superar 1000 %." });
  });
});

describe("description pattern", () => {
  it("fills {mes}, {año} and {fecha}; refuses any other placeholder", () => {
    expect(fillPattern("Planilla {mes} {año} al {fecha}", "2026-09-30" as CalendarDate)).toBe(
      "Planilla septiembre 2026 al 30/09/2026",
    );
    expect(patternProblem("Planilla {mes} {año}")).toBeNull();
    expect(patternProblem("Planilla {month}")).toBe("El marcador {month} no existe: use {mes}, {año} o {fecha}.");
  });
});

describe("validateTemplate", () => {
  it("accepts a balanced payroll", () => {
    const payroll = template([
      line("60-01-04-00-00", "debito", { kind: "porcentaje", rate: 268_300 }),
      line("20-01-03-02-00", "credito", { kind: "porcentaje", rate: 268_300 }),
    ]);
    expect(messages(payroll)).toEqual([]);
  });

  it("names the line of a header, a group, a disabled and an unknown account", () => {
    const refusals = validateTemplate(
      template([
        line("60-01-00-00-00", "debito"),
        line("60-00-00-00-00", "debito"),
        line("60-01-01-00-00", "debito"),
        line("99-01-01-01-00", "credito"),
        line("", "credito"),
      ]),
      accounts,
    );
    expect(refusals).toEqual([
      {
        field: "account",
        line: 1,
        message: "Línea 1: la cuenta 60-01-00-00-00 (Gastos de personal) tiene subcuentas; elija una de ellas.",
      },
      {
        field: "account",
        line: 2,
        message: expect.stringMatching(/^Línea 2: la cuenta 60-00-00-00-00 \(.+\) es un grupo principal/),
      },
      { field: "account", line: 3, message: "Línea 3: la cuenta 60-01-01-00-00 (Salarios) está deshabilitada." },
      {
        field: "account",
        line: 4,
        message: "Línea 4: la cuenta 99-01-01-01-00 no existe en el catálogo de este cliente.",
      },
      { field: "account", line: 5, message: "Línea 5: elija una cuenta." },
    ]);
  });

  it("asks for the amount of a fixed line and the rate of a percentage line", () => {
    expect(
      validateTemplate(
        template([
          line("60-01-04-00-00", "debito", { kind: "fijo" }),
          line("20-01-03-02-00", "credito", { kind: "porcentaje" }),
        ]),
        accounts,
      ),
    ).toEqual([
      { field: "amount", line: 1, message: "Línea 1: escriba el monto fijo." },
      { field: "rate", line: 2, message: "Línea 2: escriba el porcentaje de la base." },
    ]);
  });

  it("refuses one line, one side only, an unknown placeholder and a blank name", () => {
    expect(messages(template([line("60-01-04-00-00", "debito")]))).toEqual([
      "La plantilla necesita al menos dos líneas.",
    ]);
    expect(messages(template([line("60-01-04-00-00", "debito"), line("60-01-05-00-00", "debito")]))).toEqual([
      "La plantilla necesita al menos una línea al débito y una al crédito.",
    ]);
    expect(
      messages(
        template([line("60-01-04-00-00", "debito"), line("20-01-03-02-00", "credito")], {
          name: " ",
          description: "Pago {dia}",
        }),
      ),
    ).toEqual(["Escriba el nombre de la plantilla.", "El marcador {dia} no existe: use {mes}, {año} o {fecha}."]);
  });

  it("without typed amounts, refuses rates or fixed amounts that cannot balance", () => {
    expect(
      messages(
        template([
          line("60-01-04-00-00", "debito", { kind: "porcentaje", rate: 268_300 }),
          line("20-01-03-02-00", "credito", { kind: "porcentaje", rate: 108_300 }),
        ]),
      ),
    ).toEqual(["La plantilla no cuadra: los porcentajes al débito suman 26,83 % y al crédito 10,83 %."]);
    expect(
      messages(
        template([
          line("60-01-04-00-00", "debito", { kind: "fijo", amount: cents(100_00n) }),
          line("20-01-03-02-00", "credito", { kind: "fijo", amount: cents(99_00n) }),
        ]),
      ),
    ).toEqual(["La plantilla no cuadra: los montos fijos al débito suman ₡100,00 y al crédito ₡99,00."]);
    // With a typed line the person makes it balance when applying it.
    expect(
      messages(
        template([
          line("60-01-04-00-00", "debito", { kind: "fijo", amount: cents(100_00n) }),
          line("20-01-03-02-00", "credito"),
        ]),
      ),
    ).toEqual([]);
  });
});

describe("the template form", () => {
  it("skips blank rows, reads amounts and rates exactly, and names refusals by the row shown", () => {
    const submission = templateFormSchema.parse({
      name: "Planilla",
      description: "Planilla {mes}",
      lines: [
        { account: "60-01-04-00-00", side: "debito", kind: "porcentaje", rate: "26,83" },
        undefined,
        { account: "20-01-03-02-00", side: "credito", kind: "fijo", amount: "1 234,5" },
        { account: "20-01-03-03-00", side: "credito", kind: "porcentaje", rate: "1,23456" },
      ],
    });
    const read = templateOfForm(submission);
    expect(read).toEqual({
      ok: false,
      refusals: [{ field: "rate", line: 4, message: "Escriba el porcentaje con hasta 4 decimales, por ejemplo 9,25." }],
    });
    submission.lines.pop();
    const ok = templateOfForm(submission);
    if (!ok.ok) throw new Error("expected a template");
    expect(ok.rows).toEqual([1, 3]);
    expect(ok.template.lines.map((l) => [l.kind, l.rate, l.amount])).toEqual([
      ["porcentaje", 268_300, null],
      ["fijo", null, 123_450n],
    ]);
    expect(onFormRows([{ field: "account", line: 2, message: "Línea 2: elija una cuenta." }], ok.rows)).toEqual([
      { field: "account", line: 3, message: "Línea 3: elija una cuenta." },
    ]);
  });
});

describe("«el resto» when saving a template", () => {
  it("takes one rest line instead of balanced amounts; two rest lines are refused", () => {
    const fixedAndRest = template([
      line("60-03-03-00-00", "debito", { kind: "fijo", amount: cents(10_000_000n) }),
      line("10-02-02-04-00", "credito", { kind: "resto" }),
    ]);
    expect(messages(fixedAndRest)).toEqual([]);
    const twoRests = template([
      line("60-03-03-00-00", "debito", { kind: "resto" }),
      line("10-02-02-04-00", "credito", { kind: "resto" }),
    ]);
    expect(messages(twoRests)).toEqual(["Solo una línea puede ser «el resto»."]);
  });

  it("reads the rest from the form, dropping an amount or rate typed beside it", () => {
    const parsed = templateFormSchema.safeParse({
      name: "Depreciación",
      description: "Depreciación {mes}",
      lines: [
        { account: "60-03-03-00-00", side: "debito", kind: "fijo", amount: "100 000,00" },
        { account: "10-02-02-04-00", side: "credito", kind: "resto", amount: "5", rate: "3" },
      ],
    });
    expect(parsed.success).toBe(true);
    const read = templateOfForm(parsed.data!);
    expect(read.ok && read.template.lines[1]).toEqual({
      account: "10-02-02-04-00",
      description: "",
      side: "credito",
      kind: "resto",
      amount: null,
      rate: null,
    });
  });
});
