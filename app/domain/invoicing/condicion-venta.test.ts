import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONDICION_VENTA_BY_SCHEMA, condicionesVentaFor } from "./condicion-venta";

const SCHEMAS = {
  FE: "FacturaElectronica_V4.4.xsd",
  TE: "TiqueteElectronico_V4.4.xsd",
  NC: "NotaCreditoElectronica_V4.4.xsd",
  ND: "NotaDebitoElectronica_V4.4.xsd",
} as const;

/** The enumeration of the CondicionVenta element, read from the vendored schema. */
function schemaCodes(file: string): string[] {
  const xsd = readFileSync(path.resolve("packages/hacienda-xsd/schemas/v4.4", file), "utf8");
  const element = /<xs:element name="CondicionVenta">([\s\S]*?)<\/xs:element>/.exec(xsd);
  if (!element) throw new Error(`${file}: no CondicionVenta`);
  return [...element[1].matchAll(/<xs:enumeration value="(\d+)"/g)].map((match) => match[1]);
}

describe("CondicionVenta per document kind", () => {
  it("is exactly what each v4.4 schema enumerates", () => {
    for (const [kind, file] of Object.entries(SCHEMAS))
      expect(CONDICION_VENTA_BY_SCHEMA[kind as keyof typeof SCHEMAS], kind).toEqual(schemaCodes(file));
  });

  it("never offers a factura or a tiquete a code its schema refuses (09 and 11 for both, 12 for the TE)", () => {
    for (const [kind, file] of Object.entries(SCHEMAS)) {
      const accepted = schemaCodes(file);
      for (const code of condicionesVentaFor(kind)) expect(accepted, `${kind} ${code}`).toContain(code);
    }
    expect(condicionesVentaFor("FE")).not.toContain("09");
    expect(condicionesVentaFor("FE")).not.toContain("11");
    expect(condicionesVentaFor("TE")).not.toContain("12");
    expect(condicionesVentaFor("NC")).toContain("11");
  });
});
