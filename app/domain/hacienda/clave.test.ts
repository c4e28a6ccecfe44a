import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildClave, buildConsecutivo, parseClave, parseConsecutivo } from "./clave";

describe("buildConsecutivo", () => {
  it("builds the first FE of branch 1, terminal 1 (docs/domain/hacienda-xml.md §4)", () => {
    expect(buildConsecutivo({ tipo: "01", numero: 1 })).toBe("00100001010000000001");
  });

  it("builds a receptor's acceptance message number", () => {
    expect(buildConsecutivo({ tipo: "05", numero: 1 })).toBe("00100001050000000001");
  });

  it("pads branch, terminal and sequence", () => {
    expect(buildConsecutivo({ sucursal: 12, terminal: 345, tipo: "07", numero: 9_999_999_999 })).toBe(
      "01200345079999999999",
    );
    expect(buildConsecutivo({ tipo: "03", numero: 42n })).toBe("00100001030000000042");
  });

  it("refuses values that do not fit", () => {
    expect(() => buildConsecutivo({ tipo: "01", numero: 0 })).toThrow(/consecutivo/);
    expect(() => buildConsecutivo({ tipo: "01", numero: 10_000_000_000 })).toThrow();
    expect(() => buildConsecutivo({ tipo: "01", numero: 1.5 })).toThrow(/entero/);
    expect(() => buildConsecutivo({ sucursal: 1000, tipo: "01", numero: 1 })).toThrow(/sucursal/);
    expect(() => buildConsecutivo({ terminal: 0, tipo: "01", numero: 1 })).toThrow(/terminal/);
    expect(() => buildConsecutivo({ tipo: "1", numero: 1 })).toThrow(/tipo/);
  });

  it("splits back into its parts", () => {
    expect(parseConsecutivo("01200345079999999999")).toEqual({
      sucursal: "012",
      terminal: "00345",
      tipo: "07",
      numero: "9999999999",
    });
    expect(parseConsecutivo("123")).toBeNull();
  });
});

describe("buildClave", () => {
  it("reproduces the example of docs/domain/hacienda-xml.md §3", () => {
    const clave = buildClave({
      fecha: "2025-01-07",
      identificacion: "3101123456",
      consecutivo: "00100001010000000001",
      situacion: "1",
      codigoSeguridad: "12345678",
    });
    expect(clave).toBe("50607012500310112345600100001010000000001112345678");
    expect(clave).toHaveLength(50);
  });

  it("pads a cédula física (9 digits) with three zeros and defaults to situación normal", () => {
    const clave = buildClave({
      fecha: "2024-12-31T23:59:00-06:00",
      identificacion: "112340567",
      consecutivo: "00100001040000000123",
      codigoSeguridad: "00000001",
    });
    expect(clave).toBe("50631122400011234056700100001040000000123100000001");
  });

  it("takes the date of a Date object in Costa Rica time (UTC-6)", () => {
    const justAfterMidnightUtc = new Date("2025-01-08T03:00:00Z"); // 7 Jan, 21:00 in Costa Rica
    const clave = buildClave({
      fecha: justAfterMidnightUtc,
      identificacion: "3101123456",
      consecutivo: "00100001010000000001",
      codigoSeguridad: "12345678",
    });
    expect(clave.slice(3, 9)).toBe("070125");
  });

  it("refuses malformed parts", () => {
    const valid = {
      fecha: "2025-01-07",
      identificacion: "3101123456",
      consecutivo: "00100001010000000001",
      codigoSeguridad: "12345678",
    };
    expect(() => buildClave({ ...valid, identificacion: "3-101-123456" })).toThrow(/identificación/);
    expect(() => buildClave({ ...valid, identificacion: "1234567890123" })).toThrow();
    expect(() => buildClave({ ...valid, consecutivo: "1" })).toThrow(/consecutivo/);
    expect(() => buildClave({ ...valid, codigoSeguridad: "1234" })).toThrow(/seguridad/);
    expect(() => buildClave({ ...valid, situacion: "4" as "1" })).toThrow(/situación/);
    expect(() => buildClave({ ...valid, fecha: "07/01/2025" })).toThrow(/fecha/);
    expect(() => buildClave({ ...valid, fecha: new Date("nope") })).toThrow(/fecha/);
  });

  it("parses what it builds", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2019-07-01T00:00:00Z"), max: new Date("2030-12-31T00:00:00Z"), noInvalidDate: true }),
        fc.stringMatching(/^\d{9,12}$/),
        fc.constantFrom("01", "02", "03", "04", "08", "09", "10"),
        fc.integer({ min: 1, max: 2_000_000_000 }),
        fc.constantFrom("1", "2", "3"),
        fc.stringMatching(/^\d{8}$/),
        (fecha, identificacion, tipo, numero, situacion, codigoSeguridad) => {
          const consecutivo = buildConsecutivo({ tipo, numero });
          const clave = buildClave({
            fecha,
            identificacion,
            consecutivo,
            situacion: situacion as "1",
            codigoSeguridad,
          });
          const parts = parseClave(clave);
          expect(parts).not.toBeNull();
          expect(parts!.pais).toBe("506");
          expect(parts!.identificacion).toBe(identificacion.padStart(12, "0"));
          expect(parts!.consecutivo).toBe(consecutivo);
          expect(parts!.situacion).toBe(situacion);
          expect(parts!.codigoSeguridad).toBe(codigoSeguridad);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("accepts the 2026 alphanumeric identification segment but nothing else", () => {
    expect(parseClave("506070125000ABC12345600100001010000000001112345678")).not.toBeNull();
    expect(parseClave("5060701250031011234560010000101000000000111234567")).toBeNull();
    expect(parseClave("50607012500310112345600100001010000000001112345678 ")).toBeNull();
  });
});
