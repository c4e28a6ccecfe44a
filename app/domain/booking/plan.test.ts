import { describe, expect, it } from "vitest";
import { amount, cargo, comprobante, iva, linea } from "../../../tests/support/booking-receipts";
import type { HaciendaMessage } from "../hacienda/types";
import { DEFAULT_ACCOUNTS } from "./default-account-values";
import type { DefaultAccounts } from "./default-accounts";
import { planBooking } from "./plan";
import type { CalendarDate } from "../calendar";
import { buildCatalog, indexCatalog } from "../catalog";
import { validateEntry } from "../ledger";
import { centsToAmount } from "../money";
import type { BookingInput, BookingPlan, PlanOutcome } from "./plan-types";
import type { RuleMatch } from "./rule-match";

const accounts: DefaultAccounts = DEFAULT_ACCOUNTS;

function planOf(outcome: PlanOutcome): BookingPlan {
  if (!outcome.ok) throw new Error(`plan refused: ${outcome.message}`);
  const debit = outcome.plan.lines.reduce((sum, line) => sum + line.debit, 0n);
  const credit = outcome.plan.lines.reduce((sum, line) => sum + line.credit, 0n);
  expect(debit).toBe(credit);
  for (const line of outcome.plan.lines) expect(line.debit > 0n !== line.credit > 0n).toBe(true);
  return outcome.plan;
}

/** account → "D 113.00" / "C 100.00" (summed per account and side), in colones. */
function summary(plan: BookingPlan): Record<string, string> {
  const totals: Record<string, bigint> = {};
  for (const line of plan.lines) {
    if (line.debit > 0n) totals[`D ${line.account}`] = (totals[`D ${line.account}`] ?? 0n) + line.debit;
    if (line.credit > 0n) totals[`C ${line.account}`] = (totals[`C ${line.account}`] ?? 0n) + line.credit;
  }
  return Object.fromEntries(
    Object.entries(totals).map(([key, value]) => [key, `${value / 100n}.${String(value % 100n).padStart(2, "0")}`]),
  );
}

const issued = (document: BookingInput["document"], extra: Partial<BookingInput> = {}): BookingInput => ({
  document,
  direction: "issued",
  ...extra,
});
const received = (document: BookingInput["document"], extra: Partial<BookingInput> = {}): BookingInput => ({
  document,
  direction: "received",
  ...extra,
});

const rule: RuleMatch = {
  ruleId: "r1",
  ruleVersion: 3,
  ruleName: "Combustible",
  account: "60-02-08-00-00",
  ivaTreatment: "acreditable",
  post: true,
};

describe("issued receipts", () => {
  it("FE on credit: Dr clientes / Cr ventas 13 % / Cr IVA débito 13 %", () => {
    const plan = planOf(
      planBooking(issued(comprobante("FE", [linea(1, "10000", [iva("08", "10000")])])), accounts, null),
    );
    expect(summary(plan)).toEqual({
      "D 10-01-02-01-00": "11300.00",
      "C 40-01-01-01-00": "10000.00",
      "C 20-01-02-01-01": "1300.00",
    });
    expect(plan.date).toBe("2025-10-15");
    expect(plan.description).toBe("Factura electrónica 00100001010000000001 · Ferretería El Clavo S.A.");
    expect(plan.post).toBe(true);
    expect(plan.rule).toBeNull();
    expect(plan.unclassified).toBe(false);
    const ivaLine = plan.lines.find((line) => line.account === "20-01-02-01-01")!;
    expect([ivaLine.taxCode, ivaLine.taxRate]).toEqual(["01", "08"]);
  });

  it("contado goes to the cash account when one is set, else to the receivable", () => {
    const document = comprobante("FE", [linea(1, "1000", [iva("08", "1000")])], { condicionVenta: "01" });
    expect(summary(planOf(planBooking(issued(document), accounts, null)))).toHaveProperty(
      ["D 10-01-01-01-00"],
      "1130.00",
    );
    const withoutCash = { ...accounts };
    delete withoutCash.cash;
    expect(summary(planOf(planBooking(issued(document), withoutCash, null)))).toHaveProperty(
      ["D 10-01-02-01-00"],
      "1130.00",
    );
  });

  it("splits goods and services by the line's unit and sales and IVA by rate", () => {
    const document = comprobante("FE", [
      linea(1, "1000", [iva("08", "1000")]),
      linea(2, "2000", [iva("08", "2000")], { unidad: "Sp" }),
      linea(3, "500", [iva("04", "500")]),
      linea(4, "300", [iva("10", "300")], { unidad: "Os" }),
    ]);
    expect(summary(planOf(planBooking(issued(document), accounts, null)))).toEqual({
      "D 10-01-02-01-00": "4210.00",
      "C 40-01-01-01-00": "1000.00",
      "C 40-01-02-01-00": "2000.00",
      "C 40-01-01-02-00": "500.00",
      "C 40-01-02-03-00": "300.00",
      "C 20-01-02-01-01": "390.00",
      "C 20-01-02-01-02": "20.00",
    });
  });

  it("TE and ND book like an FE; an FEE books its exports without IVA", () => {
    for (const kind of ["TE", "ND"] as const) {
      const plan = planOf(
        planBooking(issued(comprobante(kind, [linea(1, "100", [iva("08", "100")])])), accounts, null),
      );
      expect(summary(plan)).toEqual({
        "D 10-01-02-01-00": "113.00",
        "C 40-01-01-01-00": "100.00",
        "C 20-01-02-01-01": "13.00",
      });
    }
    const fee = comprobante("FEE", [linea(1, "5000", [iva("01", "5000")])]);
    expect(summary(planOf(planBooking(issued(fee), accounts, null)))).toEqual({
      "D 10-01-02-01-00": "5000.00",
      "C 40-01-01-06-00": "5000.00",
    });
  });

  it("otros cargos of a sale are income", () => {
    const document = comprobante("FE", [linea(1, "1000", [iva("08", "1000")], { unidad: "Sp" })], {
      otrosCargos: [cargo("100")],
    });
    expect(summary(planOf(planBooking(issued(document), accounts, null)))).toEqual({
      "D 10-01-02-01-00": "1230.00",
      "C 40-01-02-01-00": "1000.00",
      "C 20-01-02-01-01": "130.00",
      "C 40-02-04-00-00": "100.00",
    });
  });

  it("an exonerated line books only the IVA still charged", () => {
    const document = comprobante("FE", [
      linea(1, "1000", [iva("08", "1000", { exonerado: "130" })]),
      linea(2, "1000", [iva("08", "1000", { exonerado: "30" })]),
    ]);
    expect(summary(planOf(planBooking(issued(document), accounts, null)))).toEqual({
      "D 10-01-02-01-00": "2100.00",
      "C 40-01-01-01-00": "2000.00",
      "C 20-01-02-01-01": "100.00",
    });
  });

  it("an issued NC mirrors the sale it corrects", () => {
    const document = comprobante("NC", [linea(1, "1000", [iva("08", "1000")])]);
    const plan = planOf(planBooking(issued(document, { referenced: { kind: "FE" } }), accounts, null));
    expect(summary(plan)).toEqual({
      "C 10-01-02-01-00": "1130.00",
      "D 40-01-01-01-00": "1000.00",
      "D 20-01-02-01-01": "130.00",
    });
    expect(plan.description).toMatch(/^Nota de crédito electrónica/);
  });

  it("a customer's sales account takes every sales line; IVA stays by rate and the receivable is unchanged", () => {
    const document = comprobante("FE", [
      linea(1, "10000", [iva("08", "10000")]),
      linea(2, "2000", [iva("04", "2000")]),
    ]);
    const plan = planOf(planBooking(issued(document, { partyAccounts: { sales: "40-01-01-09-00" } }), accounts, null));
    expect(summary(plan)).toEqual({
      "D 10-01-02-01-00": "13380.00",
      "C 40-01-01-09-00": "12000.00",
      "C 20-01-02-01-01": "1300.00",
      "C 20-01-02-01-02": "80.00",
    });
    const sales = plan.lines.filter((line) => line.account === "40-01-01-09-00");
    expect(sales.map((line) => line.taxRate).sort()).toEqual(["04", "08"]);
    expect(plan.unclassified).toBe(false);
  });

  it("a supplier's purchase account does not touch sales", () => {
    const document = comprobante("FE", [linea(1, "10000", [iva("08", "10000")])]);
    const plan = planOf(
      planBooking(issued(document, { partyAccounts: { purchase: "60-02-05-00-00" } }), accounts, null),
    );
    expect(summary(plan)["C 40-01-01-01-00"]).toBe("10000.00");
  });

  it("rules do not apply to sales", () => {
    const plan = planOf(
      planBooking(issued(comprobante("FE", [linea(1, "100", [iva("08", "100")])])), accounts, { ...rule, post: false }),
    );
    expect(plan.rule).toBeNull();
    expect(plan.post).toBe(true);
    expect(summary(plan)).toHaveProperty(["C 40-01-01-01-00"], "100.00");
  });

  it("refuses taxes other than IVA on a sale, in Spanish", () => {
    const line = linea(1, "1000", [iva("08", "1000"), { codigo: "02", monto: amount("100") }]);
    const outcome = planBooking(issued(comprobante("FE", [line])), accounts, null);
    expect(outcome).toEqual({
      ok: false,
      reason: "error",
      message:
        "El comprobante cobra impuestos distintos del IVA (Selectivo de consumo): contabilícelo con un asiento manual.",
    });
  });
});

describe("received receipts", () => {
  const fe = comprobante("FE", [linea(1, "10000", [iva("08", "10000")]), linea(2, "2000", [iva("04", "2000")])]);

  it("no rule: the expense waits in 70 Por clasificar, IVA is creditable (no answer = accepted)", () => {
    const plan = planOf(planBooking(received(fe), accounts, null));
    expect(summary(plan)).toEqual({
      "D 70-01-01-00-00": "12000.00",
      "D 10-01-03-01-01": "1300.00",
      "D 10-01-03-01-02": "80.00",
      "C 20-01-01-01-00": "13380.00",
    });
    expect(plan.unclassified).toBe(true);
    expect(plan.description).toBe("Factura electrónica 00100001010000000001 · Distribuidora Central S.A.");
  });

  it("a matching rule decides the account, per line accounts, payable and post", () => {
    const match: RuleMatch = {
      ...rule,
      lineAccounts: { 2: "60-02-11-00-00" },
      payableAccount: "20-01-01-05-00",
      post: false,
    };
    const plan = planOf(planBooking(received(fe), accounts, match, { post: true }));
    expect(summary(plan)).toEqual({
      "D 60-02-08-00-00": "10000.00",
      "D 60-02-11-00-00": "2000.00",
      "D 10-01-03-01-01": "1300.00",
      "D 10-01-03-01-02": "80.00",
      "C 20-01-01-05-00": "13380.00",
    });
    expect(plan.post).toBe(false);
    expect(plan.rule).toEqual({ id: "r1", version: 3, name: "Combustible" });
    expect(plan.unclassified).toBe(false);
  });

  it("no rule: the supplier's purchase account, when the accountant set one, instead of 70", () => {
    const plan = planOf(planBooking(received(fe, { partyAccounts: { purchase: "60-02-05-00-00" } }), accounts, null));
    expect(summary(plan)).toEqual({
      "D 60-02-05-00-00": "12000.00",
      "D 10-01-03-01-01": "1300.00",
      "D 10-01-03-01-02": "80.00",
      "C 20-01-01-01-00": "13380.00",
    });
    expect(plan.unclassified).toBe(false);
    expect(plan.lines[0].description).toBe("Compras y gastos · cuenta del proveedor");
  });

  it("a matching rule wins over the supplier's account; a customer's sales account does not touch purchases", () => {
    const withParty = received(fe, { partyAccounts: { purchase: "60-02-05-00-00", sales: "40-01-01-09-00" } });
    const plan = planOf(planBooking(withParty, accounts, rule));
    expect(summary(plan)["D 60-02-08-00-00"]).toBe("12000.00");
    expect(summary(plan)["D 60-02-05-00-00"]).toBeUndefined();
  });

  it("without a rule, post follows the option", () => {
    expect(planOf(planBooking(received(fe), accounts, null, { post: false })).post).toBe(false);
  });

  it("CondicionImpuesto 04: the IVA goes to expense", () => {
    const plan = planOf(
      planBooking(received(fe, { receptorAnswer: { mensaje: 1, condicionImpuesto: "04" } }), accounts, rule),
    );
    expect(summary(plan)).toEqual({
      "D 60-02-08-00-00": "12000.00",
      "D 60-02-21-00-00": "1380.00",
      "C 20-01-01-01-00": "13380.00",
    });
  });

  it("CondicionImpuesto 03 and 05 go to capital goods and prorrata", () => {
    const capital = planOf(
      planBooking(received(fe, { receptorAnswer: { mensaje: 1, condicionImpuesto: "03" } }), accounts, null),
    );
    expect(summary(capital)).toHaveProperty(["D 10-01-03-01-05"], "1380.00");
    const prorrata = planOf(
      planBooking(received(fe, { receptorAnswer: { mensaje: 1, condicionImpuesto: "05" } }), accounts, null),
    );
    expect(summary(prorrata)).toHaveProperty(["D 10-01-03-01-06"], "1380.00");
  });

  it("partial acceptance with a partial credit: the creditable amount shared by rate, the rest to expense", () => {
    const answer = { mensaje: 2 as const, condicionImpuesto: "02", montoTotalImpuestoAcreditar: amount("690") };
    const plan = planOf(planBooking(received(fe, { receptorAnswer: answer }), accounts, null));
    expect(summary(plan)).toEqual({
      "D 70-01-01-00-00": "12000.00",
      "D 10-01-03-01-01": "650.00",
      "D 10-01-03-01-02": "40.00",
      "D 60-02-21-00-00": "690.00",
      "C 20-01-01-01-00": "13380.00",
    });
  });

  it("without an answer, the rule's IVA treatment applies; the answer wins over the rule", () => {
    const noCredit: RuleMatch = { ...rule, ivaTreatment: "no-acreditable" };
    expect(summary(planOf(planBooking(received(fe), accounts, noCredit)))).toHaveProperty(
      ["D 60-02-21-00-00"],
      "1380.00",
    );
    const proportional: RuleMatch = { ...rule, ivaTreatment: "proporcional" };
    expect(summary(planOf(planBooking(received(fe), accounts, proportional)))).toHaveProperty(
      ["D 10-01-03-01-06"],
      "1380.00",
    );
    const answered = planOf(
      planBooking(received(fe, { receptorAnswer: { mensaje: 1, condicionImpuesto: "01" } }), accounts, noCredit),
    );
    expect(summary(answered)).toHaveProperty(["D 10-01-03-01-01"], "1300.00");
    const autoAnswer: RuleMatch = { ...rule, autoAnswer: { condicionImpuesto: "04" } };
    expect(summary(planOf(planBooking(received(fe), accounts, autoAnswer)))).toHaveProperty(
      ["D 60-02-21-00-00"],
      "1380.00",
    );
  });

  it("rejected receipts are not booked: by the receptor or by Hacienda", () => {
    expect(planBooking(received(fe, { receptorAnswer: { mensaje: 3 } }), accounts, rule)).toEqual({
      ok: false,
      reason: "rechazado",
      message: "El comprobante fue rechazado en el mensaje de receptor: no se contabiliza.",
    });
    expect(planBooking(received(fe, { haciendaEstado: "rechazado" }), accounts, rule)).toMatchObject({
      ok: false,
      reason: "rechazado",
    });
  });

  it("other taxes are part of the purchase's cost; otros cargos follow the rule's account", () => {
    const document = comprobante(
      "FE",
      [linea(1, "1000", [{ codigo: "02", monto: amount("100") }, iva("08", "1100")])],
      { otrosCargos: [cargo("110")] },
    );
    expect(summary(planOf(planBooking(received(document), accounts, rule)))).toEqual({
      "D 60-02-08-00-00": "1210.00",
      "D 10-01-03-01-01": "143.00",
      "C 20-01-01-01-00": "1353.00",
    });
    expect(summary(planOf(planBooking(received(document), accounts, null)))).toEqual({
      "D 70-01-01-00-00": "1210.00",
      "D 10-01-03-01-01": "143.00",
      "C 20-01-01-01-00": "1353.00",
    });
  });

  it("an FEC the organization issued is a purchase whose IVA gives no crédito (the return's rule)", () => {
    const document = comprobante("FEC", [linea(1, "5000", [iva("08", "5000")])]);
    const plan = planOf(planBooking(issued(document), accounts, rule));
    expect(summary(plan)).toEqual({
      "D 60-02-08-00-00": "5000.00",
      "D 60-02-21-00-00": "650.00",
      "C 20-01-01-01-00": "5650.00",
    });
    expect(plan.description).toBe("Factura electrónica de compra 00100001010000000001 · Ferretería El Clavo S.A.");
  });

  it("a received tiquete books its IVA as expense, never as IVA crédito fiscal", () => {
    const document = comprobante("TE", [linea(1, "548.69", [iva("08", "548.69")])]);
    const plan = planOf(planBooking(received(document), accounts, null));
    expect(summary(plan)).toEqual({
      "D 70-01-01-00-00": "548.69",
      "D 60-02-21-00-00": "71.33",
      "C 20-01-01-01-00": "620.02",
    });
    expect(plan.lines.some((line) => line.account.startsWith("10-01-03-01"))).toBe(false);
  });

  it("a received NC mirrors the purchase, with the IVA of the answer to the corrected receipt", () => {
    const document = comprobante("NC", [linea(1, "1000", [iva("08", "1000")])]);
    const referenced = { kind: "FE" as const, receptorAnswer: { mensaje: 1 as const, condicionImpuesto: "04" } };
    const plan = planOf(planBooking(received(document, { referenced }), accounts, rule));
    expect(summary(plan)).toEqual({
      "C 60-02-08-00-00": "1000.00",
      "C 60-02-21-00-00": "130.00",
      "D 20-01-01-01-00": "1130.00",
    });
    // A credit note is not answered: a stray "rechazado" on it does not stop it.
    expect(planBooking(received(document, { receptorAnswer: { mensaje: 3 } }), accounts, null).ok).toBe(true);
  });
});

describe("currencies and rounding", () => {
  it("a USD receipt is booked in colones with its TipoCambio; the rounding difference goes to its account", () => {
    const document = comprobante(
      "FE",
      [linea(1, "10.01", [iva("08", "10.01")]), linea(2, "20.03", [iva("04", "20.03")], { unidad: "Sp" })],
      { moneda: "USD", tipoCambio: "512.33333" },
    );
    const plan = planOf(planBooking(received(document), accounts, { ...rule, lineAccounts: { 2: "60-02-11-00-00" } }));
    const payable = plan.lines.find((line) => line.account === "20-01-01-01-00")!;
    // 10.01 + 1.3013 + 20.03 + 0.8012 = 32.1425 USD → ₡16 467.67; the lines, each converted, give ₡16 467.68.
    expect(payable.credit).toBe(1646767n);
    expect(payable.currency).toBe("USD");
    expect(payable.foreignAmount).toBe(amount("32.1425"));
    // The document's own TipoCambio goes with its dollars: a USD account takes them as they are (decision 282).
    expect(payable.rate).toBe(amount("512.33333"));
    const rounding = plan.lines.find((line) => line.account === "60-04-03-00-00")!;
    expect([rounding.debit, rounding.credit]).toEqual([0n, 1n]);
    expect(rounding.currency).toBeUndefined();
    expect(rounding.rate).toBeUndefined();
    expect(plan.lines.find((line) => line.account === "60-02-08-00-00")!.debit).toBe(512846n);
    expect(plan.lines.find((line) => line.account === "60-02-11-00-00")!.debit).toBe(1026204n);
  });

  it("a USD receipt booked to a supplier account kept in dollars passes the ledger with its own amounts and rate", () => {
    const document = comprobante("FE", [linea(1, "10.01", [iva("08", "10.01")])], {
      moneda: "USD",
      tipoCambio: "512.33333",
    });
    const dollarSupplier = "20-01-01-02-00";
    const plan = planOf(planBooking(received(document), { ...accounts, payable: dollarSupplier }, rule));
    const context = {
      accounts: indexCatalog(buildCatalog({ [dollarSupplier]: { currency: "USD" } })),
      lockDate: null,
      today: plan.date as CalendarDate,
    };
    const checked = validateEntry(
      {
        date: plan.date,
        description: plan.description,
        lines: plan.lines.map((line) => ({
          ...line,
          debit: line.debit > 0n ? centsToAmount(line.debit) : null,
          credit: line.credit > 0n ? centsToAmount(line.credit) : null,
        })),
      },
      context,
    );
    expect(checked.ok).toBe(true);
    const supplier = plan.lines.find((line) => line.account === dollarSupplier)!;
    // 10.01 + 1.3013 = US$11.3113 at 512.33333 = ₡5 795,16 (5 795.1560…, rounded once).
    expect([supplier.foreignAmount, supplier.rate, supplier.credit]).toEqual([
      amount("11.3113"),
      amount("512.33333"),
      579516n,
    ]);
  });

  it("a USD sale whose converted lines round exactly has no rounding line", () => {
    const document = comprobante("FE", [linea(1, "100", [iva("08", "100")])], { moneda: "USD", tipoCambio: "500" });
    expect(summary(planOf(planBooking(issued(document), accounts, null)))).toEqual({
      "D 10-01-02-01-00": "56500.00",
      "C 40-01-01-01-00": "50000.00",
      "C 20-01-02-01-01": "6500.00",
    });
  });

  it("a colones receipt's rounding céntimos stay in the expense, never in the IVA or the total", () => {
    const lines = [1, 2, 3].map((n) => linea(n, "100.00500", [iva("08", "100.00500")]));
    const document = comprobante("FE", lines);
    const plan = planOf(planBooking(received(document), accounts, rule));
    expect(plan.lines.map((line) => line.account)).not.toContain("60-04-03-00-00");
    const ivaLine = plan.lines.find((line) => line.account === "10-01-03-01-01")!;
    expect(ivaLine.debit).toBe(3900n); // 3 × 13.00065 = 39.00195 → 39.00
    expect(plan.lines.find((line) => line.account === "20-01-01-01-00")!.credit).toBe(33902n);
  });

  it("every plan balances, whatever the amounts and the rate", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const rates = ["08", "04", "03", "02", "10", "01"];
    for (let run = 0; run < 300; run++) {
      const count = 1 + Math.floor(random() * 5);
      const lines = Array.from({ length: count }, (_, index) => {
        const base = (random() * 100000).toFixed(5);
        const rate = rates[Math.floor(random() * rates.length)];
        return linea(index + 1, base, [iva(rate, base)], { unidad: random() < 0.5 ? "Sp" : "Unid" });
      });
      const usd = random() < 0.5;
      const document = comprobante(random() < 0.2 ? "NC" : "FE", lines, {
        moneda: usd ? "USD" : "CRC",
        tipoCambio: usd ? (500 + random() * 50).toFixed(5) : "1",
        otrosCargos: random() < 0.3 ? [cargo((random() * 1000).toFixed(5))] : [],
        condicionVenta: random() < 0.5 ? "01" : "02",
      });
      const direction = random() < 0.5 ? "issued" : "received";
      const answer = { mensaje: 2 as const, condicionImpuesto: "02", montoTotalImpuestoAcreditar: amount("1.5") };
      planOf(planBooking({ document, direction, receptorAnswer: random() < 0.3 ? answer : undefined }, accounts, null));
    }
  });
});

describe("documents that are not booked", () => {
  it("REP and Hacienda's messages are never booked", () => {
    const rep = comprobante("REP", [linea(1, "100", [])]);
    expect(planBooking(issued(rep), accounts, null)).toMatchObject({ ok: false, reason: "no-contabilizable" });
    const message = { kind: "MH", clave: "x" } as unknown as HaciendaMessage;
    expect(planBooking(received(message), accounts, null)).toEqual({
      ok: false,
      reason: "no-contabilizable",
      message: "Los mensajes de Hacienda no se contabilizan: acompañan al comprobante que responden.",
    });
  });

  it("refuses a receipt whose lines do not add up to its total, and IVA devuelto", () => {
    const wrong = comprobante("FE", [linea(1, "100", [iva("08", "100")])], { total: "150" });
    expect(planBooking(received(wrong), accounts, null)).toEqual({
      ok: false,
      reason: "error",
      message: "Las líneas del comprobante no suman su total: contabilícelo con un asiento manual.",
    });
    const devuelto = comprobante("FE", [linea(1, "100", [iva("08", "100")], { unidad: "Sp" })], { ivaDevuelto: "13" });
    expect(planBooking(issued(devuelto), accounts, null)).toMatchObject({ ok: false, reason: "error" });
  });

  it("refuses a rate the default accounts do not cover", () => {
    const partial: DefaultAccounts = { ...accounts, ivaCreditByRate: { "08": "10-01-03-01-01" } };
    const document = comprobante("FE", [linea(1, "100", [iva("04", "100")])]);
    expect(planBooking(received(document), partial, null)).toEqual({
      ok: false,
      reason: "error",
      message: "No hay cuenta de IVA crédito para la tarifa 04 (Tarifa reducida 4 %) en las cuentas por defecto.",
    });
  });
});
