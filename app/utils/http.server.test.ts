import { describe, expect, it } from "vitest";
import { found, notFoundRefusal, refusal, refused, type Refusal } from "~/domain/refusal";
import { refusalResponse, refusalStatus, throwIfPageRefused, valueOrRefusal } from "./http.server";

async function thrown(run: () => unknown): Promise<Response> {
  try {
    run();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("nothing was thrown");
}

describe("refusalStatus", () => {
  it("is 400 for invalid input and the kind's status otherwise", () => {
    expect(refusalStatus(refusal("El mes debe tener el formato AAAA-MM.", "month"))).toBe(400);
    expect(refusalStatus([])).toBe(400);
    const statuses = (["forbidden", "not-found", "conflict", "too-large", "too-many"] as const).map((kind) =>
      refusalStatus({ message: "x", kind }),
    );
    expect(statuses).toEqual([403, 404, 409, 413, 429]);
  });

  it("takes the first refusal that names a kind, whatever its place in the list", () => {
    const refusals: Refusal[] = [refusal("Falta la fecha.", "date"), notFoundRefusal("Regla no encontrada.")];
    expect(refusalStatus(refusals)).toBe(404);
  });
});

describe("refusalResponse", () => {
  it("answers the status with the first message as { message }", async () => {
    const response = refusalResponse([notFoundRefusal("Comprobante no encontrado"), refusal("otra")]);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Comprobante no encontrado" });
  });

  it("has a Spanish message even for an empty list", async () => {
    const response = refusalResponse([]);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "La solicitud no es válida." });
  });
});

describe("valueOrRefusal", () => {
  it("gives the value of a found result", () => {
    expect(valueOrRefusal(found({ month: "2026-10" }))).toEqual({ month: "2026-10" });
    expect(valueOrRefusal(found(false))).toBe(false);
  });

  it("throws the refusal's response for the ErrorBoundary", async () => {
    const response = await thrown(() =>
      valueOrRefusal(refused({ message: "El envío es muy grande.", kind: "too-large" })),
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: "El envío es muy grande." });
  });
});

describe("throwIfPageRefused", () => {
  it("ends the request for a page that is not found or forbidden", async () => {
    expect((await thrown(() => throwIfPageRefused([notFoundRefusal("Contraparte no encontrada.")]))).status).toBe(404);
    expect((await thrown(() => throwIfPageRefused([{ message: "No", kind: "forbidden" }]))).status).toBe(403);
  });

  it("lets a form's refusals go back to the form", () => {
    expect(() => throwIfPageRefused([refusal("Monto inválido.", "amount", 2)])).not.toThrow();
    expect(() => throwIfPageRefused([{ message: "Ya existe.", kind: "conflict" }])).not.toThrow();
  });
});
