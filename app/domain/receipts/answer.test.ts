import { describe, expect, it } from "vitest";
import { parseAmount } from "../money";
import { answerSchema } from "./answer";

const amount = (text: string) => parseAmount(text)!;

describe("the receptor's answer", () => {
  it("the answer form: condition needed to accept, reason needed to reject", () => {
    expect(
      answerSchema.safeParse({ mensaje: "1", condicionImpuesto: "01", montoTotalImpuestoAcreditar: "10,5" }).data,
    ).toEqual({
      mensaje: "1",
      condicionImpuesto: "01",
      montoTotalImpuestoAcreditar: amount("10.5"),
      montoTotalDeGastoAplicable: undefined,
      detalleMensaje: "",
    });
    expect(answerSchema.safeParse({ mensaje: "1", condicionImpuesto: "" }).error?.flatten().fieldErrors).toEqual({
      condicionImpuesto: ["Indique la condición del impuesto."],
    });
    expect(answerSchema.safeParse({ mensaje: "3", detalleMensaje: "  " }).error?.flatten().fieldErrors).toEqual({
      detalleMensaje: ["Indique el motivo del rechazo."],
    });
    expect(answerSchema.safeParse({ mensaje: "3", detalleMensaje: "No se recibió" }).success).toBe(true);
  });
});
