import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { BookingCell } from "~/components/booking/BookingCell";
import type { MonthRow, MonthTotals } from "~/services/receipts/receipts.server";
import { ReceiptTable } from "./ReceiptTable";

const row = (id: string, consecutivo: string): MonthRow => ({
  id,
  fecha: "10/10/2025",
  kind: "FE",
  kindLabel: "FE",
  kindTitle: "Factura electrónica",
  consecutivo,
  contraparte: `Proveedor ${id}`,
  contraparteId: null,
  moneda: "CRC",
  tipoCambio: null,
  subtotal: "100,00",
  iva: "13,00",
  otrosCargos: "0,00",
  ivaDevuelto: null,
  total: "113,00",
  totalOriginal: null,
  effect: 1,
  counts: true,
  haciendaStatus: "aceptado",
  haciendaLabel: "Aceptado",
  answerLabel: "Pendiente",
  warnings: 0,
});

const totals = {
  counted: 3,
  subtotal: "300,00",
  iva: "39,00",
  otrosCargos: "0,00",
  ivaDevuelto: null,
  total: "339,00",
};
const states = {
  a: { entryId: "e1", status: "contabilizado" as const, number: "2025-000007" },
  b: { entryId: "e2", status: "borrador" as const },
};

function render(withBooking: boolean): string {
  return renderToString(
    <MantineProvider>
      <MemoryRouter>
        <ReceiptTable
          rows={[row("a", "00100001010000000001"), row("b", "00100001010000000002"), row("c", "00100001010000000003")]}
          totals={totals as unknown as MonthTotals}
          received
          hrefOf={(id) => `/detail/${id}`}
          {...(withBooking
            ? {
                booked: (id: string) => (
                  <BookingCell
                    state={states[id as keyof typeof states]}
                    entryHref={(entryId) => `/entries/detail/${entryId}`}
                  />
                ),
              }
            : {})}
        />
      </MemoryRouter>
    </MantineProvider>,
  );
}

/** The markup of each card (the small-screen view), in order. */
function cards(html: string): string[] {
  const start = html.indexOf('data-testid="receipt-cards"');
  return html.slice(start).split('data-testid="receipt-card"').slice(1);
}

describe("the month view's cards (small screens)", () => {
  it("show each receipt's booking state like the table: sí with the entry's number, borrador, or no, linked to the entry", () => {
    const [booked, draft, pending] = cards(render(true));
    expect(booked).toContain("Contabilizado:");
    expect(booked).toMatch(/href="\/entries\/detail\/e1"[^>]*>Sí · 2025-000007</);
    expect(draft).toMatch(/href="\/entries\/detail\/e2"[^>]*>Borrador</);
    expect(pending).toContain("Contabilizado:");
    expect(pending).toMatch(/>No</);
    expect(pending).not.toContain("/entries/detail/");
  });

  it("say nothing about booking when the page does not show it", () => {
    for (const card of cards(render(false))) expect(card).not.toContain("Contabilizado");
  });
});
