import { describe, expect, it } from "vitest";
import type { CalendarDate } from "../calendar";
import { emptyCheckCounts } from "./checks";
import { attentionOf, hasPending, matchesSearch, sortByAttention, type BoardRow } from "./row";

const d = (text: string) => text as CalendarDate;

function row(name: string, changes: Partial<BoardRow> = {}): BoardRow {
  return {
    organizationId: `CR:${name}`,
    cedula: "3101123456",
    name,
    responsible: null,
    received: 0,
    issued: 0,
    notBooked: 0,
    pendingAnswers: 0,
    nearestAnswerDeadline: null,
    iva: { month: "2025-10", state: "declarado", amount: "0", dueDate: d("2025-11-17") },
    unclassified: "0",
    rejected: 0,
    stuck: 0,
    lastImportAt: null,
    partialPayment: { kind: "none", year: 2025 },
    checks: emptyCheckCounts(),
    calculation: "done",
    ...changes,
  };
}

describe("requiere atención", () => {
  const today = d("2025-11-12");
  const overdueAnswer = row("Beta", { pendingAnswers: 2, nearestAnswerDeadline: d("2025-11-10") });
  const ivaSoon = row("Alfa", {
    iva: { month: "2025-10", state: "sin-declarar", amount: null, dueDate: d("2025-11-17") },
  });
  const pending = row("Gamma", { notBooked: 3 });
  const clear = row("Ágape");
  const answerLater = row("Delta", { pendingAnswers: 1, nearestAnswerDeadline: d("2025-11-28") });

  it("classifies each row", () => {
    expect(attentionOf(overdueAnswer, today)).toBe("overdue");
    expect(attentionOf(ivaSoon, today)).toBe("soon");
    expect(attentionOf(pending, today)).toBe("pending");
    expect(attentionOf(answerLater, today)).toBe("pending");
    expect(attentionOf(clear, today)).toBe("clear");
  });

  it("orders overdue, then due soon, then pending, then the rest", () => {
    expect(sortByAttention([clear, pending, answerLater, ivaSoon, overdueAnswer], today).map((r) => r.name)).toEqual([
      "Beta",
      "Alfa",
      "Delta",
      "Gamma",
      "Ágape",
    ]);
  });

  it("weighs the next pago parcial: overdue once its date passed, soon within five days", () => {
    const cuota = (due: string, state: "vencida" | "por vencer") =>
      row("Renta", {
        partialPayment: { kind: "cuota", year: 2025, number: 3, due: d(due), pending: "100000", state },
      });
    expect(attentionOf(cuota("2025-11-10", "vencida"), today)).toBe("overdue");
    expect(hasPending(cuota("2025-11-10", "vencida"))).toBe(true);
    expect(attentionOf(cuota("2025-11-14", "por vencer"), today)).toBe("soon");
    expect(attentionOf(cuota("2025-12-31", "por vencer"), today)).toBe("clear");
    expect(attentionOf(row("Renta", { partialPayment: { kind: "paid", year: 2025 } }), today)).toBe("clear");
  });

  it("counts non-zero 70, rejections and checks as pending", () => {
    expect(hasPending(row("x", { unclassified: "-100" }))).toBe(true);
    expect(hasPending(row("x", { stuck: 1 }))).toBe(true);
    expect(hasPending(row("x", { checks: { ...emptyCheckCounts(), duplicates: 2 } }))).toBe(true);
    expect(hasPending(clear)).toBe(false);
  });

  it("a declared IVA is done; an out-of-date one is not", () => {
    const declared = row("x", { iva: { ...clear.iva, state: "declarado" } });
    const stale = row("x", { iva: { ...clear.iva, state: "desactualizado" } });
    expect(attentionOf(declared, today)).toBe("clear");
    expect(attentionOf(stale, today)).toBe("soon");
  });
});

describe("a client still being calculated", () => {
  const today = d("2025-11-12");
  const calculating = row("Alfa", { calculation: "pending" });
  const failed = row("Beta", { calculation: "failed" });
  const overdue = row("Zeta", { pendingAnswers: 1, nearestAnswerDeadline: d("2025-11-10") });

  it("says so instead of a level its empty figures would give, and goes after every known client", () => {
    expect(attentionOf(calculating, today)).toBe("calculating");
    expect(attentionOf(failed, today)).toBe("failed");
    expect(sortByAttention([failed, calculating, row("Ágape"), overdue], today).map((r) => r.name)).toEqual([
      "Zeta",
      "Ágape",
      "Alfa",
      "Beta",
    ]);
  });

  it("stays under «solo con pendientes»: its figures are not known to be clear", () => {
    expect(hasPending(calculating)).toBe(true);
    expect(hasPending(failed)).toBe(true);
  });
});

describe("search", () => {
  const client = { name: "Ferretería El Águila S.A.", cedula: "3101123456" };
  it("ignores accents and case in the name", () => {
    expect(matchesSearch(client, "ferreteria aguila")).toBe(false);
    expect(matchesSearch(client, "FERRETERIA EL AGUILA")).toBe(true);
    expect(matchesSearch(client, "águila")).toBe(true);
  });
  it("matches the cédula typed with dashes", () => {
    expect(matchesSearch(client, "3-101-123")).toBe(true);
    expect(matchesSearch(client, "999")).toBe(false);
    expect(matchesSearch(client, "  ")).toBe(true);
  });
});
