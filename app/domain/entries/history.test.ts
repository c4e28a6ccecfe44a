import { describe, expect, it } from "vitest";
import { describeChanges, describeLines, historyActionLabel } from "./history";
import { reversalDateProblem } from "./forms";
import { sourceLink } from "./source";

const clean = (text: string) => text.replace(/\s/g, " ");

describe("history of an entry", () => {
  it("describes an audited edit field by field, dates as dd/mm/aaaa and amounts in colones", () => {
    const changes = describeChanges(
      { date: "2025-10-01", lines: [{ account: "10-01-01-01-00", description: "", debit: "1000.00", credit: "0.00" }] },
      {
        date: "2025-10-02",
        lines: [{ account: "10-01-01-01-00", description: "Caja", debit: "0.00", credit: "1500.50" }],
      },
    );
    expect(changes.map((change) => ({ ...change, before: clean(change.before), after: clean(change.after) }))).toEqual([
      { field: "Fecha", before: "01/10/2025", after: "02/10/2025" },
      { field: "Líneas", before: "10-01-01-01-00 débito ₡1 000,00", after: "10-01-01-01-00 crédito ₡1 500,50 (Caja)" },
    ]);
  });

  it("names what a posting and a reversal recorded", () => {
    expect(describeChanges(undefined, { number: "2025-000003" })).toEqual([
      { field: "Número", before: "—", after: "2025-000003" },
    ]);
    expect(describeChanges(undefined, { reversal: "2025-000009" })).toEqual([
      { field: "Reversión", before: "—", after: "2025-000009" },
    ]);
    expect(historyActionLabel("editado")).toBe("Edición auditada");
    expect(describeLines([])).toBe("—");
  });
});

describe("reversal date", () => {
  it("may not come before the reversed entry", () => {
    expect(reversalDateProblem("2025-10-10" as never, "2025-10-09" as never)).toBe(
      "La reversión no puede tener una fecha anterior a la del asiento (10/10/2025).",
    );
    expect(reversalDateProblem("2025-10-10" as never, "2025-10-10" as never)).toBeNull();
  });
});

describe("source links", () => {
  it("open the receipt, the reversed entry, or nothing", () => {
    expect(sourceLink({ kind: "comprobante", id: "65f0c0ffee00000000000001" })).toEqual({
      label: "Comprobante",
      to: "/detail/65f0c0ffee00000000000001",
    });
    expect(sourceLink({ kind: "reversion", id: "65f0c0ffee00000000000002" }).to).toBe(
      "/entries/view/65f0c0ffee00000000000002",
    );
    expect(sourceLink({ kind: "comprobante", id: "../../etc" }).to).toBeNull();
    expect(sourceLink({ kind: "manual" })).toEqual({ label: "Registro manual", to: null });
  });
});
