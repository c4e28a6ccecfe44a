import { describe, expect, it } from "vitest";
import { missingAnswerText } from "./status";

describe("the missing answer of Hacienda", () => {
  it("asks to import the MensajeHacienda only for a document that was not issued here", () => {
    expect(missingAnswerText(null)).toBe(
      "Aún no se ha importado la respuesta de Hacienda (MensajeHacienda) de este comprobante.",
    );
  });

  it("says the sending state of a document issued here", () => {
    expect(missingAnswerText("firmado")).toBe(
      "Emitido aquí: el comprobante está firmado y en cola para enviarse a Hacienda.",
    );
    expect(missingAnswerText("enviado")).toBe("Emitido aquí: enviado a Hacienda, en espera de su respuesta.");
    expect(missingAnswerText("error")).toContain("error");
    expect(missingAnswerText("aceptado")).toContain("«Aceptado»");
    for (const state of ["borrador", "firmado", "enviado", "aceptado", "rechazado", "error"] as const)
      expect(missingAnswerText(state)).not.toContain("importado");
  });
});
