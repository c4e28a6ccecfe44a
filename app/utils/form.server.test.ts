import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseSubmission, refusalErrors, replyWithErrors } from "./form.server";

const entrySchema = z.object({
  memo: z.string({ required_error: "Falta la descripción." }),
  lines: z.array(z.object({ account: z.string(), amount: z.string() })).min(2, "Un asiento tiene al menos dos líneas."),
  tags: z.array(z.string()).default([]),
});

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("parseSubmission", () => {
  it("keeps repeated fields: indexed lines and a name posted twice", () => {
    const submission = parseSubmission(
      form([
        ["memo", "Pago de alquiler"],
        ["lines[0].account", "60-01-01-00-00"],
        ["lines[0].amount", "1000"],
        ["lines[1].account", "10-01-01-01-00"],
        ["lines[1].amount", "-1000"],
        ["tags", "alquiler"],
        ["tags", "marzo"],
      ]),
      entrySchema,
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      memo: "Pago de alquiler",
      lines: [
        { account: "60-01-01-00-00", amount: "1000" },
        { account: "10-01-01-01-00", amount: "-1000" },
      ],
      tags: ["alquiler", "marzo"],
    });
  });

  it("reads a blank input as missing, so the schema's Spanish required message applies", () => {
    const submission = parseSubmission(
      form([
        ["memo", ""],
        ["lines[0].account", "x"],
        ["lines[0].amount", "1"],
      ]),
      entrySchema,
    );
    expect(submission.status).toBe("error");
    const reply = submission.reply();
    expect(reply.error?.memo).toEqual(["Falta la descripción."]);
    expect(reply.error?.lines).toEqual(["Un asiento tiene al menos dos líneas."]);
    expect(reply.initialValue).toEqual({ lines: [{ account: "x", amount: "1" }] });
  });
});

describe("replyWithErrors", () => {
  it("maps refusals to the field, the line's field or the form, and echoes the submitted values", async () => {
    const submission = parseSubmission(
      form([
        ["memo", "M"],
        ["lines[0].account", "a"],
        ["lines[0].amount", "1"],
        ["lines[1].account", "b"],
        ["lines[1].amount", "-1"],
      ]),
      entrySchema,
    );
    const response = replyWithErrors(submission, [
      { message: "El período está cerrado." },
      { field: "memo", message: "Descripción repetida." },
      { line: 2, field: "account", message: "La cuenta b no existe." },
    ]);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: unknown; initialValue: { lines: unknown[] } };
    expect(body.error).toEqual({
      "": ["El período está cerrado."],
      memo: ["Descripción repetida."],
      "lines[1].account": ["La cuenta b no existe."],
    });
    expect(body.initialValue.lines[1]).toEqual({ account: "b", amount: "-1" });
  });

  it("leaves the hidden fields (secrets) out of the echoed values", async () => {
    const submission = parseSubmission(
      form([
        ["email", "ana@prueba.cr"],
        ["password", "Clave-secreta"],
      ]),
      z.object({ email: z.string(), password: z.string() }),
    );
    const response = replyWithErrors(submission, { message: "No." }, 429, { hideFields: ["password"] });
    expect(response.status).toBe(429);
    const body = (await response.json()) as { error: unknown; initialValue: unknown };
    expect(body.error).toEqual({ "": ["No."] });
    expect(body.initialValue).toEqual({ email: "ana@prueba.cr" });
  });

  it("numbers lines from 1 for people and from 0 for the form", () => {
    expect(refusalErrors([{ line: 1, message: "Línea vacía." }], "rows").fieldErrors).toEqual({
      "rows[0]": ["Línea vacía."],
    });
  });
});
