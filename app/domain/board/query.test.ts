import { describe, expect, it } from "vitest";
import type { CalendarDate } from "../calendar";
import { emptyCheckCounts } from "./checks";
import {
  BOARD_EXPORT_COLUMNS,
  boardView,
  exportCell,
  NO_RESPONSIBLE,
  readBoardQuery,
  UNCALCULATED_EXPORT_NOTE,
} from "./query";
import type { BoardRow } from "./row";

const now = new Date("2025-11-12T18:00:00Z");
const today = "2025-11-12" as CalendarDate;
const ANA = { id: "aaaaaaaaaaaaaaaaaaaaaaaa", email: "ana@despacho.cr" };
const LUIS = { id: "bbbbbbbbbbbbbbbbbbbbbbbb", email: "luis@despacho.cr" };

function row(name: string, responsible: BoardRow["responsible"]): BoardRow {
  return {
    organizationId: `CR:${name}`,
    cedula: "3101123456",
    name,
    responsible,
    received: 0,
    issued: 0,
    notBooked: 0,
    pendingAnswers: 0,
    nearestAnswerDeadline: null,
    iva: { month: "2025-10", state: "declarado", amount: "0", dueDate: "2025-11-17" as CalendarDate },
    unclassified: "0",
    rejected: 0,
    stuck: 0,
    lastImportAt: null,
    partialPayment: { kind: "none", year: 2025 },
    checks: emptyCheckCounts(),
    calculation: "done",
  };
}

const rows = [row("Alfa", ANA), row("Beta", LUIS), row("Gamma", null), row("Delta", ANA)];
const names = (responsible: string) =>
  boardView(rows, readBoardQuery(new URLSearchParams({ responsable: responsible }), now), today).rows.map(
    (shown) => shown.name,
  );

describe("the responsible filter", () => {
  it("keeps the clients of one responsible, or those without one, or everyone", () => {
    expect(names(ANA.id)).toEqual(["Alfa", "Delta"]);
    expect(names(NO_RESPONSIBLE)).toEqual(["Gamma"]);
    expect(names("")).toEqual(["Alfa", "Beta", "Delta", "Gamma"]);
  });
  it("ignores anything that is not a user id or «ninguno»", () => {
    expect(readBoardQuery(new URLSearchParams({ responsable: "x".repeat(5000) }), now).responsible).toBe("");
    expect(readBoardQuery(new URLSearchParams({ responsable: "{$ne:1}" }), now).responsible).toBe("");
  });
  it("offers the responsibles on the board, by e-mail", () => {
    const view = boardView(rows, readBoardQuery(new URLSearchParams(), now), today);
    expect(view.responsibles).toEqual([ANA, LUIS]);
  });
});

describe("clients still being calculated", () => {
  const pending = { ...row("Épsilon", ANA), calculation: "pending" as const, notBooked: 0 };
  const failed = { ...row("Zeta", null), calculation: "failed" as const };
  const view = boardView([...rows, pending, failed], readBoardQuery(new URLSearchParams(), now), today);

  it("are counted apart and listed after the known ones", () => {
    expect(view.calculating).toBe(1);
    expect(view.failed).toBe(1);
    expect(view.rows.slice(-2).map((shown) => shown.name)).toEqual(["Épsilon", "Zeta"]);
  });

  it("export who they are and why the figures are blank, never zeros", () => {
    const cells = (name: string) => {
      const shown = view.rows.find((candidate) => candidate.name === name)!;
      return Object.fromEntries(BOARD_EXPORT_COLUMNS.map((column) => [column.header, exportCell(column, shown)]));
    };
    const calculating = cells("Épsilon");
    expect(calculating.Cliente).toBe("Épsilon");
    expect(calculating.Responsable).toBe(ANA.email);
    expect(calculating["Atención"]).toBe(UNCALCULATED_EXPORT_NOTE.pending);
    expect(calculating["Sin contabilizar"]).toBe("");
    expect(calculating["Saldo en 70 Por clasificar"]).toBe("");
    expect(cells("Zeta")["Atención"]).toBe(UNCALCULATED_EXPORT_NOTE.failed);
    expect(cells("Alfa")["Sin contabilizar"]).toBe("0");
  });
});
