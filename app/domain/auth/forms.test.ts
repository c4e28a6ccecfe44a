import { describe, expect, it } from "vitest";
import { codeSchema, forgotPasswordSchema, loginSchema, MIN_PASSWORD_LENGTH, resetPasswordSchema } from "./forms";

const messagesOf = (result: {
  success: boolean;
  error?: { issues: Array<{ path: (string | number)[]; message: string }> };
}) => result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);

describe("sign-in form schemas", () => {
  it("login: the address trimmed and in lower case, both fields required", () => {
    expect(loginSchema.parse({ email: "  Admin@Demo.CR ", password: "x" })).toEqual({
      email: "admin@demo.cr",
      password: "x",
    });
    expect(messagesOf(loginSchema.safeParse({}))).toEqual([
      "email: Ingrese su correo electrónico.",
      "password: Ingrese su contraseña.",
    ]);
    expect(messagesOf(loginSchema.safeParse({ email: "admin", password: "x" }))).toEqual([
      "email: Ingrese un correo electrónico válido.",
    ]);
  });

  it("code: trimmed, required, at most 20 characters", () => {
    expect(codeSchema.parse({ code: " 7kq2-m9xd " })).toEqual({ code: "7kq2-m9xd" });
    expect(messagesOf(codeSchema.safeParse({}))).toEqual(["code: Ingrese el código de verificación."]);
    expect(messagesOf(codeSchema.safeParse({ code: "   " }))).toEqual(["code: Ingrese el código de verificación."]);
    expect(codeSchema.safeParse({ code: "1".repeat(21) }).success).toBe(false);
  });

  it("forgot password: a valid address", () => {
    expect(forgotPasswordSchema.parse({ email: "Maria@Prueba.cr" })).toEqual({ email: "maria@prueba.cr" });
    expect(messagesOf(forgotPasswordSchema.safeParse({ email: "maria@" }))).toEqual([
      "email: Ingrese un correo electrónico válido.",
    ]);
  });

  it(`reset password: at least ${MIN_PASSWORD_LENGTH} characters, confirmed`, () => {
    expect(resetPasswordSchema.safeParse({ password: "Clave-segura-1", confirmation: "Clave-segura-1" }).success).toBe(
      true,
    );
    expect(messagesOf(resetPasswordSchema.safeParse({ password: "corta", confirmation: "corta" }))).toEqual([
      "password: La contraseña debe tener al menos 10 caracteres.",
    ]);
    expect(
      messagesOf(resetPasswordSchema.safeParse({ password: "Clave-segura-1", confirmation: "Clave-segura-2" })),
    ).toEqual(["confirmation: Las contraseñas no coinciden."]);
    expect(resetPasswordSchema.safeParse({ password: "x".repeat(201), confirmation: "x".repeat(201) }).success).toBe(
      false,
    );
  });
});
