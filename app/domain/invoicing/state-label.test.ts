import { describe, expect, it } from "vitest";
import { sentenceCase } from "../text";
import { invoiceStateLabel } from "./state-label";

describe("invoice state label", () => {
  it("agrees with the document's gender: a tiquete is «emitido», a factura or nota «emitida»", () => {
    expect(invoiceStateLabel("TE", "emitido")).toBe("emitido");
    expect(invoiceStateLabel("FE", "emitido")).toBe("emitida");
    expect(invoiceStateLabel("NC", "emitido")).toBe("emitida");
    expect(invoiceStateLabel("ND", "emitido")).toBe("emitida");
    expect(invoiceStateLabel("TE", "borrador")).toBe("borrador");
    expect(sentenceCase(invoiceStateLabel("TE", "emitido"))).toBe("Emitido");
  });
});
