import { describe, expect, it } from "vitest";
import type { CalendarDate } from "../calendar";
import { emptyCheckCounts } from "./checks";
import { boardView, NO_RESPONSIBLE, readBoardQuery } from "./query";
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
