import { describe, expect, it } from "vitest";
import { readPdf, readPdfText } from "../../../tests/support/pdf-tools";
import { printablePdf, type PrintableDocument } from "./printable.server";

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

function document(rowCount: number): PrintableDocument {
  return {
    title: "Declaración de prueba",
    organization: { name: "Cañas & Peña S.A.", cedula: "3101000001" },
    metaLines: ["Período: octubre de 2026"],
    columns: [
      { header: "Código", width: 82 },
      { header: "Descripción", indentable: true },
      { header: "Monto", align: "right", width: 92 },
    ],
    rows: Array.from({ length: rowCount }, (_, index) => ({
      cells: [`L-${index + 1}`, `Línea número ${index + 1} con acción`, index % 2 ? "(₡1 234,50)" : "₡98 765 432,10"],
      bold: index % 10 === 0,
      indent: index % 10 === 0 ? 0 : 1,
    })),
    notes: ["Nota al pie."],
    signatures: ["Contador", "Representante legal"],
    generatedAt: new Date("2026-11-02T15:30:00Z"),
  };
}

describe("printablePdf", () => {
  it("prints ₡, accents and ñ with the organization, title, meta lines and generated-at", async () => {
    const bytes = await printablePdf(document(3));
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const { text, pages } = readPdf(bytes);
    const lines = plain(text);
    expect(pages).toBe(1);
    for (const expected of [
      "Cañas & Peña S.A.",
      "Cédula 3101000001",
      "Declaración de prueba",
      "Período: octubre de 2026",
      "Generado el 02/11/2026 09:30",
      "Línea número 3 con acción",
      "₡98 765 432,10",
      "(₡1 234,50)",
      "Nota al pie.",
      "Contador",
      "Representante legal",
      "Página 1 de 1",
    ])
      expect(lines).toContain(expected);
  });

  it("breaks pages repeating the table header, numbers them «Página N de M» and signs at the end", async () => {
    const { text, pages } = readPdf(await printablePdf(document(130)));
    expect(pages).toBeGreaterThanOrEqual(3);
    const pageTexts = text.split("\f").filter((page) => page.trim() !== "");
    expect(pageTexts).toHaveLength(pages);
    pageTexts.forEach((page, index) => {
      expect(page).toContain(`Página ${index + 1} de ${pages}`);
      expect(page).toContain("Descripción");
    });
    expect(text).toContain("Línea número 130 con acción");
    expect(pageTexts.at(-1)).toContain("Representante legal");
    expect(pageTexts[0]).not.toContain("Representante legal");
  });

  it("never leaves the signature lines alone on the last page: the last rows go with them", async () => {
    for (let rows = 37; rows <= 45; rows++) {
      const text = readPdfText(await printablePdf(document(rows)));
      const lastPage = text
        .split("\f")
        .filter((page) => page.trim() !== "")
        .at(-1)!;
      expect(lastPage, `${rows} rows`).toContain("Representante legal");
      expect(lastPage, `${rows} rows`).toContain(`Línea número ${rows} con acción`);
    }
  });

  it("wraps a long name onto a few lines, cuts it with «…» only beyond them, and never cuts an amount", async () => {
    const long = document(1);
    const { text } = readPdf(
      await printablePdf({
        ...long,
        rows: [
          { cells: ["A", "Impuesto sobre la renta estimado (tarifa general de 30 %, tabla 2026) y algo más", "₡1,00"] },
          { cells: ["B", "Nombre ".repeat(40), "(₡999 999 999 999,99)"] },
        ],
      }),
    );
    const words = plain(text).replace(/\s+/g, " ");
    expect(words).toContain("Impuesto sobre la renta estimado (tarifa general de 30 %, tabla 2026) y algo más");
    expect(words).toMatch(/B (Nombre ){10,}N[a-z]*… \(₡/);
    expect(words).not.toContain("Nombre ".repeat(40).trim());
    expect(words).toContain("(₡999 999 999 999,99)");
  });
});
