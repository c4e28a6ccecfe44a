import { describe, expect, it } from "vitest";
import { arrivalLabel, directionAdjective } from "./labels";

describe("labels", () => {
  it("agrees in gender", () => {
    expect(directionAdjective("FE", "issued")).toBe("emitida");
    expect(directionAdjective("NC", "received")).toBe("recibida");
    expect(directionAdjective("TE", "issued")).toBe("emitido");
    expect(directionAdjective("REP", "received")).toBe("recibido");
  });
});

describe("how a receipt arrived", () => {
  it("names uploads, e-mail and documents issued here, and nothing for older receipts", () => {
    expect(arrivalLabel("upload")).toBe("Subido");
    expect(arrivalLabel("email")).toBe("Por correo");
    expect(arrivalLabel("issued")).toBe("Emitido aquí");
    expect(arrivalLabel(undefined)).toBeNull();
    expect(arrivalLabel("toString")).toBeNull();
  });
});
