import { describe, expect, it } from "vitest";
import { parseAmount } from "~/domain/money";
import { formatColones, formatExchangeRate, formatMoney, formatPercent, formatQuantity } from "./format";
import { directionAdjective } from "./labels";
import { exportHref, monthHref } from "./links";
import { currentMonth, formatDate, formatDateTime, monthLabel, monthOf, parseMonth, shiftMonth } from "./month";
import { answerSchema, parseMoneyInput } from "./schemas";
import { searchDigits, searchText } from "./search-text";

const amount = (text: string) => parseAmount(text)!;

describe("months in Costa Rica time", () => {
  it("buckets an instant by its Costa Rica date, not UTC", () => {
    expect(monthOf(new Date("2025-11-01T05:59:59Z"))).toBe("2025-10");
    expect(monthOf(new Date("2025-11-01T06:00:00Z"))).toBe("2025-11");
    expect(currentMonth(new Date("2026-01-01T03:00:00Z"))).toBe("2025-12");
  });

  it("parses, shifts and names months", () => {
    expect(parseMonth("2025-10")).toBe("2025-10");
    expect(parseMonth(" 2025-10 ")).toBe("2025-10");
    for (const bad of ["2025-13", "2025-1", "octubre", "", null, "1999-10"]) expect(parseMonth(bad)).toBeNull();
    expect(shiftMonth("2025-01", -1)).toBe("2024-12");
    expect(shiftMonth("2025-12", 1)).toBe("2026-01");
    expect(shiftMonth("2025-06", -18)).toBe("2023-12");
    expect(monthLabel("2025-09")).toBe("septiembre de 2025");
  });

  it("writes dates as dd/mm/aaaa in Costa Rica time", () => {
    expect(formatDate(new Date("2025-10-01T04:30:00Z"))).toBe("30/09/2025");
    expect(formatDate("2025-10-15T14:05:00-06:00")).toBe("15/10/2025");
    expect(formatDateTime("2025-10-15T14:05:00-06:00")).toBe("15/10/2025 14:05");
  });
});

describe("money on screen", () => {
  it("formats colones per es-CR, rounded half away from zero to the céntimo", () => {
    expect(formatColones(amount("1234567.125"))).toBe("₡1\u00a0234\u00a0567,13");
    expect(formatColones(amount("-0.005"))).toBe("-₡0,01");
    expect(formatColones(0n)).toBe("₡0,00");
    // Beyond 2^53 céntimos a float would lose the last digits.
    expect(formatColones(amount("98765432109876.54"))).toBe("₡98\u00a0765\u00a0432\u00a0109\u00a0876,54");
    expect(formatMoney(amount("12.5"), "USD")).toBe("USD\u00a012,50");
  });

  it("trims rates, quantities and exchange rates the way people write them", () => {
    expect(formatPercent("13.00")).toBe("13 %");
    expect(formatPercent("0.50")).toBe("0,5 %");
    expect(formatQuantity("2.000")).toBe("2");
    expect(formatQuantity("23.750")).toBe("23,75");
    expect(formatExchangeRate(amount("507.43"))).toBe("507,43");
    expect(formatExchangeRate(amount("507"))).toBe("507");
    expect(formatExchangeRate(amount("507.4"))).toBe("507,40");
  });
});

describe("typed amounts", () => {
  it("reads a decimal comma or point, with or without thousands separators", () => {
    expect(parseMoneyInput("1234,56")).toBe(amount("1234.56"));
    expect(parseMoneyInput("1234.56")).toBe(amount("1234.56"));
    expect(parseMoneyInput("1.234,56")).toBe(amount("1234.56"));
    expect(parseMoneyInput("1,234.56")).toBe(amount("1234.56"));
    expect(parseMoneyInput("₡ 1 234,5")).toBe(amount("1234.5"));
    expect(parseMoneyInput("0")).toBe(0n);
    for (const bad of ["", "mil", "-5", "1,234,567", "1.2.3", "12,345678"]) expect(parseMoneyInput(bad)).toBeNull();
  });

  it("the answer form: condition needed to accept, reason needed to reject", () => {
    expect(answerSchema.safeParse({ mensaje: "1", condicionImpuesto: "01", montoTotalImpuestoAcreditar: "10,5" }).data).toEqual({
      mensaje: "1",
      condicionImpuesto: "01",
      montoTotalImpuestoAcreditar: amount("10.5"),
      montoTotalDeGastoAplicable: undefined,
      detalleMensaje: "",
    });
    expect(answerSchema.safeParse({ mensaje: "1", condicionImpuesto: "" }).error?.flatten().fieldErrors).toEqual({
      condicionImpuesto: ["Indique la condición del impuesto."],
    });
    expect(answerSchema.safeParse({ mensaje: "3", detalleMensaje: "  " }).error?.flatten().fieldErrors).toEqual({
      detalleMensaje: ["Indique el motivo del rechazo."],
    });
    expect(answerSchema.safeParse({ mensaje: "3", detalleMensaje: "No se recibió" }).success).toBe(true);
  });
});

describe("search text", () => {
  it("ignores accents, case and extra spaces; digits ignore dashes", () => {
    expect(searchText("  Ferretería   EL Clavo ")).toBe("ferreteria el clavo");
    expect(searchText("Solís")).toBe(searchText("solis"));
    expect(searchDigits("3-101-123456")).toBe("3101123456");
    expect(searchDigits("0010 0001")).toBe("00100001");
    expect(searchDigits("Sabana")).toBe("");
  });
});

describe("labels and links", () => {
  it("agrees in gender", () => {
    expect(directionAdjective("FE", "issued")).toBe("emitida");
    expect(directionAdjective("NC", "received")).toBe("recibida");
    expect(directionAdjective("TE", "issued")).toBe("emitido");
    expect(directionAdjective("REP", "received")).toBe("recibido");
  });

  it("keeps the shell's parameters on screen links, not on downloads", () => {
    const current = new URLSearchParams("menu=consultas&showSidebar=0&page=3");
    expect(monthHref(current, { org: "3101123456", month: "2025-10", tab: "recibidos", q: "sabana", page: 2 })).toBe(
      "/?org=3101123456&month=2025-10&tab=recibidos&q=sabana&page=2&showSidebar=0&menu=consultas",
    );
    expect(monthHref(new URLSearchParams(), { org: "3101123456", month: "", tab: "emitidos" })).toBe("/?org=3101123456&tab=emitidos");
    expect(exportHref("csv", { org: "3101123456", month: "2025-10", tab: "emitidos", q: "" })).toBe("/receipts.csv?org=3101123456&month=2025-10&tab=emitidos");
  });
});
