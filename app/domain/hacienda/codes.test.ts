import { describe, expect, it } from "vitest";
import {
  BASE_IMPONIBLE_TAX_CODES,
  IVA_RATE_BY_CODE,
  IVA_RATE_CODES,
  IVA_RATE_LABELS,
  IVA_TAX_CODES,
  KIND_INFO,
  labelOf,
  CONDICION_VENTA_LABELS,
  TAX_LABELS,
} from "./codes";

describe("Hacienda's code tables", () => {
  it("names each IVA rate code and its rate in one table", () => {
    expect(IVA_RATE_CODES["08"]).toEqual({ rate: "13", label: "Tarifa general 13 %" });
    expect(IVA_RATE_BY_CODE["09"]).toBe("0.5");
    expect(IVA_RATE_LABELS["09"]).toBe("Tarifa reducida 0,5 %");
    expect(Object.keys(IVA_RATE_BY_CODE)).toEqual(Object.keys(IVA_RATE_LABELS));
  });

  it("derives the IVA and BaseImponible tax sets from the tax table", () => {
    expect([...IVA_TAX_CODES].sort()).toEqual(["01", "07", "08"]);
    expect([...BASE_IMPONIBLE_TAX_CODES].sort()).toEqual(["02", "04", "05", "12"]);
    expect(TAX_LABELS["07"]).toBe("IVA (cálculo especial)");
  });

  it("gives each kind a long and a short name", () => {
    expect(KIND_INFO.NC).toMatchObject({ label: "Nota de crédito electrónica", shortLabel: "Nota de crédito" });
    expect(KIND_INFO.REP.shortLabel).toBe("Recibo de pago");
  });

  it("labels a code with its name, or leaves an unknown code bare", () => {
    expect(labelOf(CONDICION_VENTA_LABELS, "01")).toBe("Contado (01)");
    expect(labelOf(CONDICION_VENTA_LABELS, "77")).toBe("77");
    expect(labelOf(CONDICION_VENTA_LABELS, undefined)).toBe("");
  });
});
