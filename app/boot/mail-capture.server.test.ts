import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailCapture, type MailCapture } from "./mail-capture.server";

let capture: MailCapture;
beforeAll(async () => {
  capture = await startMailCapture();
});
afterAll(async () => {
  await capture.close();
});

describe("local SMTP capture", () => {
  it("receives mail over real SMTP and decodes subject and text", async () => {
    const subject = "Invitación a Contabilidad CR: Ferretería El Clavo S.A. — una línea bastante larga para partirse";
    await nodemailer.createTransport(capture.url).sendMail({
      from: "Contabilidad CR <no-responder@contabilidad.local>",
      to: "ana@prueba.cr",
      subject,
      text: "Defina su contraseña: https://ejemplo.cr/reset-password?token=abc_DEF-123\nÁéíóú ñ",
      html: "<p>ignorado</p>",
    });
    const mail = await capture.waitForMail((m) => m.to.includes("ana@prueba.cr"));
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain("https://ejemplo.cr/reset-password?token=abc_DEF-123");
    expect(mail.text).toContain("Áéíóú ñ");
  });
});
