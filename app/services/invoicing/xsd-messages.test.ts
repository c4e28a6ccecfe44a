import { describe, expect, it } from "vitest";
import { spanishXsdMessage, spanishXsdMessages } from "./xsd-messages.server";

const NS = "{https://cdn.comprobanteselectronicos.go.cr/xml-schemas/v4.4/facturaElectronica}";
const at = (line: number, element: string, message: string) =>
  `doc.xml:${line}: element ${element}: Schemas validity error : Element '${NS}${element}': ${message}`;

describe("spanishXsdMessage", () => {
  it("translates libxml2's facet and type messages, keeping the line and the element's local name", () => {
    expect(
      spanishXsdMessage(
        at(
          7,
          "Nombre",
          "[facet 'maxLength'] The value has a length of '120'; this exceeds the allowed maximum length of '100'.",
        ),
        "doc.xml",
      ),
    ).toBe("Línea 7, Nombre: tiene 120 caracteres y el máximo es 100.");
    expect(
      spanishXsdMessage(
        at(
          9,
          "CodigoCABYS",
          "[facet 'length'] The value has a length of '12'; this differs from the allowed length of '13'.",
        ),
        "doc.xml",
      ),
    ).toBe("Línea 9, CodigoCABYS: tiene 12 caracteres y debe tener 13.");
    expect(
      spanishXsdMessage(
        at(
          30,
          "MontoTotal",
          "[facet 'totalDigits'] The value '12345678901234567890' has more digits than are allowed ('18').",
        ),
        "doc.xml",
      ),
    ).toBe("Línea 30, MontoTotal: el valor «12345678901234567890» tiene más de 18 dígitos.");
    expect(
      spanishXsdMessage(
        at(31, "Monto", "[facet 'minInclusive'] The value '-1' is less than the minimum value allowed ('0')."),
        "doc.xml",
      ),
    ).toBe("Línea 31, Monto: el valor «-1» es menor que el mínimo permitido (0).");
    expect(
      spanishXsdMessage(
        at(
          32,
          "Monto",
          "[facet 'maxInclusive'] The value '99999999999999' is greater than the maximum value allowed ('9999999999999.99999').",
        ),
        "doc.xml",
      ),
    ).toBe("Línea 32, Monto: el valor «99999999999999» supera el máximo permitido (9999999999999.99999).");
    expect(
      spanishXsdMessage(
        at(5, "FechaEmision", "'ayer' is not a valid value of the atomic type 'xs:dateTime'."),
        "doc.xml",
      ),
    ).toBe("Línea 5, FechaEmision: «ayer» no es un valor válido para este campo (xs:dateTime).");
    expect(
      spanishXsdMessage(
        at(12, "Emisor", `This element is not expected. Expected is one of ( ${NS}Nombre, ${NS}Identificacion ).`),
        "doc.xml",
      ),
    ).toBe("Línea 12, Emisor: este elemento no va aquí; se esperaba Nombre, Identificacion.");
  });

  it("keeps a message it does not know, and ignores lines about other files or without a line", () => {
    expect(spanishXsdMessage(at(3, "Clave", "Something new."), "doc.xml")).toBe("Línea 3, Clave: Something new.");
    expect(spanishXsdMessage(at(3, "Clave", "Something new."), "otro.xml")).toBeNull();
    expect(spanishXsdMessages("doc.xml fails to validate\n<a><b></a>\n     ^\n", "doc.xml")).toEqual([]);
  });
});
