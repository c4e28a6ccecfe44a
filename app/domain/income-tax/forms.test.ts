import { describe, expect, it } from "vitest";
import { DECREE_TABLES } from "./decree-tables";
import { EXTRA_ROWS, bracketTableSchema, formValuesOf, problemInForm, tableFromForm } from "./forms";
import { validateTable } from "./validate";

const small2026 = DECREE_TABLES.find((table) => table.year === 2026 && table.kind === "persona-juridica-pequena")!;

function parse(values: Record<string, unknown>) {
  const result = bracketTableSchema.safeParse(values);
  if (!result.success) throw new Error(result.error.message);
  return result.data;
}

describe("the bracket-table form", () => {
  it("round-trips a decree table through its form values, blank extra rows left out", () => {
    const values = formValuesOf(small2026, 2026, small2026.kind);
    expect(values.brackets).toHaveLength(small2026.brackets.length + EXTRA_ROWS);
    expect(values.grossIncomeThreshold).toBe("119174000,00");
    const { table, problems } = tableFromForm(parse(values));
    expect(problems).toEqual([]);
    expect(table.brackets).toEqual(small2026.brackets);
    expect(table.grossIncomeThreshold).toBe(small2026.grossIncomeThreshold);
  });

  it("reports typed mistakes under the form's own row, even after a blank row", () => {
    const values = formValuesOf(small2026, 2026, small2026.kind);
    // Row 2 (index 1) left blank: the rows below keep their form indexes.
    values.brackets[1] = { from: "", to: "", rate: "" };
    values.brackets[3] = { ...values.brackets[3], rate: "veinte" };
    const { table, problems, rowOf } = tableFromForm(parse(values));
    expect(problems).toEqual([
      { field: "brackets[3].rate", message: "La tarifa del tramo 4 debe ser un porcentaje entre 0 y 100." },
    ]);
    // The table itself now has a gap between row 1 (to 5 621 000) and row 3 (from 8 433 000).
    const fixed = { ...table, brackets: table.brackets.map((b) => ({ ...b, rate: "20" })) };
    const gap = validateTable(fixed).map((problem) => problemInForm(problem, rowOf));
    expect(gap[0]).toMatchObject({ field: "brackets[2].from" });
  });
});
