import { describe, expect, it } from "vitest";
import { excludedText, unbookedText } from "./layout";

describe("counts on the IVA page", () => {
  it("agree in number, noun and verb", () => {
    expect(excludedText(1)).toBe("1 comprobante del mes no entra en la declaración");
    expect(excludedText(4)).toBe("4 comprobantes del mes no entran en la declaración");
    expect(unbookedText(1)).toBe("1 comprobante de la declaración sin asiento contable");
    expect(unbookedText(2)).toBe("2 comprobantes de la declaración sin asiento contable");
  });
});
