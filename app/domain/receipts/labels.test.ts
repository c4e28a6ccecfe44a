import { describe, expect, it } from "vitest";
import { directionAdjective } from "./labels";

describe("labels", () => {
  it("agrees in gender", () => {
    expect(directionAdjective("FE", "issued")).toBe("emitida");
    expect(directionAdjective("NC", "received")).toBe("recibida");
    expect(directionAdjective("TE", "issued")).toBe("emitido");
    expect(directionAdjective("REP", "received")).toBe("recibido");
  });
});
