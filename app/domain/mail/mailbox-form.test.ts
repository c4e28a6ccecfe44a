import { describe, expect, it } from "vitest";
import { mailboxFieldErrors, mailboxFormInput, mailboxFormSchema } from "./mailbox-form";

const valid = {
  scope: "organization",
  label: "Facturas",
  host: "imap.ejemplo.com",
  port: "993",
  tls: "on",
  user: "facturas@ejemplo.com",
  password: "secreta",
  folder: "INBOX",
  afterProcessing: "mark-read",
  intervalMinutes: "10",
};

function errorsOf(input: Record<string, string>) {
  const parsed = mailboxFormSchema.safeParse(input);
  return parsed.success ? {} : mailboxFieldErrors(parsed.error);
}

describe("the mailbox form", () => {
  it("accepts a complete mailbox and reads numbers and the TLS box", () => {
    const parsed = mailboxFormSchema.parse(valid);
    expect(parsed).toMatchObject({ port: 993, tls: "on", intervalMinutes: 10 });
    expect(mailboxFormSchema.parse({ ...valid, tls: undefined }).tls).toBeUndefined();
  });

  it("bounds every field with a Spanish reason", () => {
    expect(errorsOf({ ...valid, port: "0" }).port).toBe("El puerto va de 1 a 65535.");
    expect(errorsOf({ ...valid, port: "abc" }).port).toBe("El puerto debe ser un número.");
    expect(errorsOf({ ...valid, intervalMinutes: "1" }).intervalMinutes).toBe("La frecuencia va de 5 a 1440 minutos.");
    expect(errorsOf({ ...valid, host: "imap.ejemplo.com/../x" }).host).toMatch(/^El servidor debe ser/);
    expect(errorsOf({ ...valid, folder: "INBOX\r\nA1 LOGOUT" }).folder).toBe("La carpeta no es válida.");
    expect(errorsOf({ ...valid, label: "x".repeat(81) }).label).toBe("El nombre admite hasta 80 caracteres.");
    expect(errorsOf({ ...valid, scope: "otro" }).scope).toBe("Indique de quién es el buzón.");
  });

  it("needs a password to create, not to edit; a folder to move to, other than the one read", () => {
    const { password: _password, ...withoutPassword } = valid;
    expect(errorsOf(withoutPassword).password).toBe("Indique la contraseña del buzón.");
    expect(errorsOf({ ...withoutPassword, mailboxId: "65f0c0ffee00000000000001" })).toEqual({});
    expect(errorsOf({ ...valid, afterProcessing: "move" }).moveTo).toBe("Indique la carpeta a la que se mueven.");
    expect(errorsOf({ ...valid, afterProcessing: "move", moveTo: "INBOX" }).moveTo).toBe(
      "La carpeta destino debe ser otra que la leída.",
    );
  });

  it("reads blank inputs as missing and the first of repeated names", () => {
    const form = new URLSearchParams([
      ["label", "  "],
      ["host", "a.cr"],
      ["host", "b.cr"],
    ]);
    expect(mailboxFormInput(form.entries())).toEqual({ host: "a.cr" });
  });
});
