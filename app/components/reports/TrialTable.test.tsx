import { MantineProvider } from "@mantine/core";
import { MemoryRouter } from "react-router-dom";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { amountView, drillHref, type DateRange, type TrialRowView } from "~/domain/reports";
import { StaticMarkupProvider } from "~/utils/static-markup";
import { cachedStaticMarkup } from "~/utils/static-markup.server";
import { TrialTable } from "./TrialTable";

const range = { from: "2025-01-01", to: "2025-12-31" } as DateRange;
const row = (code: string, label: string, level: number, opening: bigint, debit: bigint, credit: bigint) => ({
  code,
  label,
  level,
  leaf: level === 5,
  opening: amountView(opening),
  debit: amountView(debit),
  credit: amountView(credit),
  closing: amountView(opening + debit - credit),
});
const rows: TrialRowView[] = [
  row("10-00-00-00-00", "Activo", 1, 0n, 1_234_56n, 0n),
  row("10-01-01-01-00", "Caja general «principal» & <otros>", 5, -500n, 1_234_56n, 99_00n),
  row("40-01-01-01-00", "Ventas gravadas 13 %", 5, 0n, 0n, 1_234_56n),
];
const totals = {
  opening: amountView(0n),
  debit: amountView(1_234_56n),
  credit: amountView(1_234_56n),
  closing: amountView(0n),
};

function page(role: "admin" | "client", withMarkup: boolean, rowsKey = "k1") {
  const table = (
    <TrialTable
      rows={rows}
      totals={totals}
      caption="Balance de Comprobación, 2025"
      hrefOf={(code) => `${drillHref(role, code, range)}&org=3101777777`}
      rowsKey={rowsKey}
    />
  );
  return renderToString(
    <MemoryRouter>
      <MantineProvider>
        {withMarkup ? <StaticMarkupProvider value={cachedStaticMarkup}>{table}</StaticMarkupProvider> : table}
      </MantineProvider>
    </MemoryRouter>,
  );
}

describe("TrialTable rows rendered once on the server (decision 118)", () => {
  it("writes the same HTML as rendering every row, so the browser hydrates its own rows over it", () => {
    for (const role of ["admin", "client"] as const) {
      const plain = page(role, false);
      expect(plain).toContain('data-code="10-01-01-01-00"');
      expect(page(role, true)).toBe(plain);
      expect(page(role, true)).toBe(plain); // the second time from the kept markup
    }
  });

  it("keeps one markup per link target: a client never gets an admin's drill-down links", () => {
    page("admin", true, "shared");
    const client = page("client", true, "shared");
    expect(client).toContain('href="/entries/list?account=10-01-01-01-00');
    expect(client).not.toContain("/entries/movement-list");
    expect(client).toBe(page("client", false, "shared"));
  });
});
