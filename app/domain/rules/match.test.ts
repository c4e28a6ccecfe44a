import { describe, expect, it } from "vitest";
import type { ElectronicReceipt, Impuesto, LineaDetalle } from "../hacienda/types";
import { matchRule, matchingLines } from "./match";
import type { ReceptionRule, RuleCondition } from "./types";

const ZERO_TOTALS = {
  totalVenta: 0n,
  totalDescuentos: 0n,
  totalVentaNeta: 0n,
  totalImpuesto: 0n,
  totalOtrosCargos: 0n,
  totalIVADevuelto: 0n,
};

function tax(codigo: string, codigoTarifa?: string): Impuesto {
  return { codigo, ...(codigoTarifa ? { codigoTarifa } : {}), monto: 0n };
}

function line(numero: number, detalle: string, cabys: string, impuestos: Impuesto[]): LineaDetalle {
  return {
    numero,
    cabys,
    codigosComerciales: [],
    detalle,
    montoTotal: 0n,
    descuentos: [],
    subTotal: 0n,
    impuestos,
    montoTotalLinea: 0n,
  };
}

function receipt(overrides: Partial<ElectronicReceipt> = {}): ElectronicReceipt {
  return {
    version: "4.4",
    namespace: "",
    rootElement: "FacturaElectronica",
    clave: "5".repeat(50),
    signed: false,
    kind: "FE",
    consecutivo: "00100001010000000001",
    fechaEmision: "2025-10-05T10:00:00-06:00",
    codigoActividad: "514101",
    emisor: {
      nombre: "Distribuidora La Sabana S.A.",
      nombreComercial: "Dislasa",
      identificacion: { tipo: "02", numero: "3101456789" },
      correos: [],
    },
    mediosPago: [],
    moneda: "CRC",
    tipoCambio: 100_000n,
    lines: [
      line(1, "Cemento gris 50 kg", "2394100000000", [tax("01", "08")]),
      line(2, "Servicio de transporte", "6511100000000", [tax("01", "04")]),
      line(3, "Varilla corrugada", "4110200000000", [tax("01", "08"), tax("02")]),
    ],
    otrosCargos: [],
    resumen: {} as ElectronicReceipt["resumen"],
    informacionReferencia: [],
    colones: { ...ZERO_TOTALS, tipoCambio: 100_000n, totalComprobante: 150_000_00000n },
    ...overrides,
  };
}

let nextId = 1;
function rule(conditions: RuleCondition[], overrides: Partial<ReceptionRule> = {}): ReceptionRule {
  const id = `r${nextId++}`;
  return {
    id,
    name: `Regla ${id}`,
    enabled: true,
    version: 3,
    mode: "all",
    conditions,
    action: { scope: "document", account: "60-02-07-00-00", ivaTreatment: "acreditable", post: true },
    ...overrides,
  };
}

const when = (field: RuleCondition["field"], operator: RuleCondition["operator"], value: string): RuleCondition => ({
  field,
  operator,
  value,
});

function matches(condition: RuleCondition, subject: ElectronicReceipt = receipt()): boolean {
  return matchRule([rule([condition])], subject) !== null;
}

describe("each condition", () => {
  it("emisor cédula: equals compares the digits, contains finds a part", () => {
    expect(matches(when("emisorCedula", "equals", "3101456789"))).toBe(true);
    expect(matches(when("emisorCedula", "equals", "3-101-456789"))).toBe(true);
    expect(matches(when("emisorCedula", "equals", "310145678"))).toBe(false);
    expect(matches(when("emisorCedula", "contains", "456789"))).toBe(true);
    expect(matches(when("emisorCedula", "contains", "999"))).toBe(false);
  });

  it("emisor cédula of a foreign emisor is read from IdentificacionExtranjero", () => {
    const foreign = receipt({ emisor: { nombre: "Global", identificacionExtranjero: "US880123456", correos: [] } });
    expect(matches(when("emisorCedula", "equals", "US880123456"), foreign)).toBe(true);
  });

  it("emisor name: equals and contains ignore case and accents, and read the commercial name too", () => {
    expect(matches(when("emisorNombre", "equals", "distribuidora la sabana s.a."))).toBe(true);
    expect(matches(when("emisorNombre", "equals", "Distribuidora"))).toBe(false);
    expect(matches(when("emisorNombre", "contains", "SABANA"))).toBe(true);
    expect(matches(when("emisorNombre", "equals", "dislasa"))).toBe(true);
    const accented = receipt({ emisor: { nombre: "Ferretería Ñandú", correos: [] } });
    expect(matches(when("emisorNombre", "contains", "ferreteria nandu"), accented)).toBe(true);
    expect(matches(when("emisorNombre", "contains", "Caribe"))).toBe(false);
  });

  it("document type", () => {
    expect(matches(when("documentType", "equals", "FE"))).toBe(true);
    expect(matches(when("documentType", "equals", "fe"))).toBe(true);
    expect(matches(when("documentType", "equals", "ND"))).toBe(false);
    expect(matches(when("documentType", "equals", "FEC"), receipt({ kind: "FEC" }))).toBe(true);
  });

  it("CABYS prefix matches when a line starts with it", () => {
    expect(matches(when("cabys", "startsWith", "2394"))).toBe(true);
    expect(matches(when("cabys", "startsWith", "65111"))).toBe(true);
    expect(matches(when("cabys", "startsWith", "9999"))).toBe(false);
  });

  it("activity code", () => {
    expect(matches(when("activityCode", "equals", "514101"))).toBe(true);
    expect(matches(when("activityCode", "equals", "514102"))).toBe(false);
    expect(matches(when("activityCode", "equals", "514101"), receipt({ codigoActividad: undefined }))).toBe(false);
  });

  it("tax code and IVA rate code read every tax of every line", () => {
    expect(matches(when("taxCode", "equals", "02"))).toBe(true);
    expect(matches(when("taxCode", "equals", "07"))).toBe(false);
    expect(matches(when("ivaRateCode", "equals", "04"))).toBe(true);
    expect(matches(when("ivaRateCode", "equals", "01"))).toBe(false);
  });

  it("currency", () => {
    expect(matches(when("currency", "equals", "CRC"))).toBe(true);
    expect(matches(when("currency", "equals", "usd"), receipt({ moneda: "USD" }))).toBe(true);
    expect(matches(when("currency", "equals", "USD"))).toBe(false);
  });

  it("total range in colones, limits included", () => {
    expect(matches(when("total", "gte", "150000"))).toBe(true);
    expect(matches(when("total", "gte", "150000.01"))).toBe(false);
    expect(matches(when("total", "lte", "150000.00"))).toBe(true);
    expect(matches(when("total", "lte", "149999.99"))).toBe(false);
    const range = rule([when("total", "gte", "100000"), when("total", "lte", "200000")]);
    expect(matchRule([range], receipt())).not.toBeNull();
    expect(
      matchRule([range], receipt({ colones: { ...receipt().colones, totalComprobante: 250_000_00000n } })),
    ).toBeNull();
  });

  it("total: a value that is not an amount never matches", () => {
    expect(matches(when("total", "gte", "mucho"))).toBe(false);
  });

  it("line detail contains, without accents or case", () => {
    expect(matches(when("lineDetail", "contains", "CEMENTO"))).toBe(true);
    expect(matches(when("lineDetail", "contains", "varilla corrugada"))).toBe(true);
    expect(matches(when("lineDetail", "contains", "pintura"))).toBe(false);
  });

  it("an empty value, or an operator the field does not take, never matches", () => {
    expect(matches(when("emisorNombre", "contains", "  "))).toBe(false);
    expect(matches(when("documentType", "contains", "F"))).toBe(false);
    expect(matches(when("total", "equals", "150000"))).toBe(false);
  });
});

describe("all / any", () => {
  const sabana = when("emisorCedula", "equals", "3101456789");
  const usd = when("currency", "equals", "USD");

  it("all needs every condition", () => {
    expect(matchRule([rule([sabana, usd])], receipt())).toBeNull();
    expect(matchRule([rule([sabana, usd])], receipt({ moneda: "USD" }))).not.toBeNull();
  });

  it("any needs one condition", () => {
    expect(matchRule([rule([sabana, usd], { mode: "any" })], receipt())).not.toBeNull();
    expect(matchRule([rule([usd, when("documentType", "equals", "ND")], { mode: "any" })], receipt())).toBeNull();
  });

  it("all: the line conditions must hold on one same line", () => {
    const cementAt4 = rule([when("lineDetail", "contains", "cemento"), when("ivaRateCode", "equals", "04")]);
    expect(matchRule([cementAt4], receipt())).toBeNull();
    const cementAt13 = rule([when("lineDetail", "contains", "cemento"), when("ivaRateCode", "equals", "08")]);
    expect(matchingLines(cementAt13, receipt())?.map((l) => l.numero)).toEqual([1]);
  });

  it("any: a header condition takes every line; else the lines satisfying one line condition", () => {
    const headerHit = rule([sabana, when("lineDetail", "contains", "cemento")], { mode: "any" });
    expect(matchingLines(headerHit, receipt())?.map((l) => l.numero)).toEqual([1, 2, 3]);
    const linesOnly = rule([usd, when("lineDetail", "contains", "cemento"), when("cabys", "startsWith", "411")], {
      mode: "any",
    });
    expect(matchingLines(linesOnly, receipt())?.map((l) => l.numero)).toEqual([1, 3]);
  });

  it("a rule without conditions matches nothing", () => {
    expect(matchRule([rule([])], receipt())).toBeNull();
    expect(matchRule([rule([], { mode: "any" })], receipt())).toBeNull();
  });
});

describe("order and enabled", () => {
  it("the first matching rule wins", () => {
    const first = rule([when("emisorNombre", "contains", "sabana")], { name: "Primera" });
    const second = rule([when("documentType", "equals", "FE")], { name: "Segunda" });
    expect(matchRule([first, second], receipt())?.ruleName).toBe("Primera");
    expect(matchRule([second, first], receipt())?.ruleName).toBe("Segunda");
  });

  it("a rule that does not match lets the next one decide", () => {
    const miss = rule([when("documentType", "equals", "ND")]);
    const hit = rule([when("documentType", "equals", "FE")]);
    expect(matchRule([miss, hit], receipt())?.ruleId).toBe(hit.id);
  });

  it("disabled rules are skipped", () => {
    const disabled = rule([when("documentType", "equals", "FE")], { enabled: false });
    const enabled = rule([when("currency", "equals", "CRC")]);
    expect(matchRule([disabled, enabled], receipt())?.ruleId).toBe(enabled.id);
    expect(matchRule([disabled], receipt())).toBeNull();
  });

  it("no rules, no match", () => {
    expect(matchRule([], receipt())).toBeNull();
  });
});

describe("the match", () => {
  it("carries the rule's id, version, name and whole-document action", () => {
    const r = rule([when("documentType", "equals", "FE")], {
      name: "Compras Dislasa",
      version: 7,
      action: {
        scope: "document",
        account: "10-01-04-01-00",
        ivaTreatment: "proporcional",
        payableAccount: "20-01-01-02-00",
        post: false,
        autoAnswer: "05",
      },
    });
    expect(matchRule([r], receipt())).toEqual({
      ruleId: r.id,
      ruleVersion: 7,
      ruleName: "Compras Dislasa",
      account: "10-01-04-01-00",
      ivaTreatment: "proporcional",
      payableAccount: "20-01-01-02-00",
      post: false,
      autoAnswer: { condicionImpuesto: "05" },
    });
  });

  it("a whole-document rule lists no line accounts, and leaves out what it does not set", () => {
    const match = matchRule([rule([when("lineDetail", "contains", "cemento")])], receipt());
    expect(match).not.toBeNull();
    expect(match).not.toHaveProperty("lineAccounts");
    expect(match).not.toHaveProperty("payableAccount");
    expect(match).not.toHaveProperty("autoAnswer");
  });

  it("per matching line: the matching lines to the rule's account, the others to the other-lines account", () => {
    const split = rule([when("ivaRateCode", "equals", "08")], {
      action: {
        scope: "lines",
        account: "10-01-04-01-00",
        otherLinesAccount: "50-01-03-00-00",
        ivaTreatment: "acreditable",
        post: true,
      },
    });
    const match = matchRule([split], receipt());
    expect(match?.lineAccounts).toEqual({ 1: "10-01-04-01-00", 3: "10-01-04-01-00" });
    expect(match?.account).toBe("50-01-03-00-00");
  });

  it("per matching line with only header conditions takes every line", () => {
    const split = rule([when("currency", "equals", "CRC")], {
      action: { scope: "lines", account: "10-01-04-01-00", ivaTreatment: "acreditable", post: true },
    });
    const match = matchRule([split], receipt());
    expect(match?.lineAccounts).toEqual({ 1: "10-01-04-01-00", 2: "10-01-04-01-00", 3: "10-01-04-01-00" });
    expect(match?.account).toBe("10-01-04-01-00");
  });

  it("the compiled conditions follow a changed rule object", () => {
    const first = rule([when("documentType", "equals", "FE")]);
    expect(matchRule([first], receipt())).not.toBeNull();
    const edited: ReceptionRule = { ...first, conditions: [when("documentType", "equals", "ND")] };
    expect(matchRule([edited], receipt())).toBeNull();
  });
});
