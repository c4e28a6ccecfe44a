import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateComprobante } from "../../../scripts/hacienda-samples/src/generate";
import { parseComprobante } from "./parse";
import { xmlParserMessage, xmlValidatorMessage } from "./xml-errors";

const errorsOf = (result: ReturnType<typeof parseComprobante>) => (result.ok ? [] : result.errors);

/** English words of fast-xml-parser's messages, looked for outside the «quoted» names. */
const ENGLISH =
  /\b(invalid|found|tag|tags|expected|attribute|char|unclosed|closing|opened|extra|start|allowed|multiple|is not|has|line|col)\b/i;
const withoutNames = (message: string) => message.replace(/«[^»]*»/g, "«»");

describe("malformed XML is explained in Spanish (issue 17, item 6)", () => {
  it("names the tags left open at the end, without the library's English or its misleading line 1", () => {
    const message = errorsOf(parseComprobante("<FacturaElectronica><Clave>1"))[0];
    expect(message).toBe(
      "El XML está mal formado: El archivo termina sin cerrar las etiquetas «FacturaElectronica» y «Clave».",
    );
    expect(xmlValidatorMessage({ code: "InvalidXml", msg: `Invalid '["Clave"]' found.`, line: 1, col: 1 })).toBe(
      "El XML está mal formado: El archivo termina sin cerrar la etiqueta «Clave».",
    );
  });

  it("gives line and column with a Spanish sentence", () => {
    expect(errorsOf(parseComprobante("<FacturaElectronica>\n  <Clave>1</Clav>\n</FacturaElectronica>"))[0]).toBe(
      "El XML está mal formado (línea 2, columna 11): Se esperaba el cierre de «Clave» (abierta en la línea 2, columna 3) y se encontró el de «Clav».",
    );
    expect(errorsOf(parseComprobante("hola, esto no es XML"))[0]).toBe(
      "El XML está mal formado (línea 1, columna 1): El carácter «h» no se esperaba aquí.",
    );
    expect(errorsOf(parseComprobante("<A>x & y</A>"))[0]).toMatch(
      /^El XML está mal formado \(línea 1, columna \d+\): El carácter «&» no puede ir solo/,
    );
    expect(errorsOf(parseComprobante('<A b="1" b="2"/>'))[0]).toMatch(/El atributo «b» está repetido\.$/);
  });

  it("never shows an unknown English message, from the validator or the parser", () => {
    expect(xmlValidatorMessage({ code: "InvalidXml", msg: "Something new happened.", line: 4, col: 2 })).toBe(
      "El XML está mal formado (línea 4, columna 2).",
    );
    expect(xmlParserMessage(new Error("Pi Tag is not closed."))).toBe(
      "El XML está mal formado: una instrucción de procesamiento «<? … ?>» no se cerró.",
    );
    expect(xmlParserMessage(new Error("Some future error"))).toBe(
      "El XML está mal formado: no se pudo leer su estructura.",
    );
  });

  it("property: any damage to a real receipt gives Spanish messages only", () => {
    const xml = generateComprobante({ kind: "FE", version: "4.4", seed: "damaged" }).xml;
    const damage = fc.record({
      at: fc.nat({ max: xml.length - 1 }),
      remove: fc.nat({ max: 12 }),
      insert: fc.constantFrom("", "<", ">", "&", "/", '"', "</X>", "<Y>", " a=1", "<?x", "<!--", "\u0000"),
    });
    fc.assert(
      fc.property(damage, ({ at, remove, insert }) => {
        const result = parseComprobante(`${xml.slice(0, at)}${insert}${xml.slice(at + remove)}`);
        for (const message of result.ok ? result.warnings : result.errors)
          expect(withoutNames(message)).not.toMatch(ENGLISH);
      }),
      { numRuns: 300 },
    );
  });
});
