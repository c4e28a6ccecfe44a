import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HACIENDA_XSD_DIR, haciendaXsdPath } from "../index";

function listedSums(): Map<string, string> {
  const lines = readFileSync(path.join(HACIENDA_XSD_DIR, "SHA256SUMS"), "utf8").trim().split("\n");
  return new Map(
    lines.map((line) => {
      const match = /^([0-9a-f]{64}) {2}(\S+)$/.exec(line);
      if (!match) throw new Error(`malformed SHA256SUMS line: ${line}`);
      return [match[2], match[1]];
    }),
  );
}

function schemaFiles(): string[] {
  const versions = readdirSync(path.join(HACIENDA_XSD_DIR, "schemas"));
  return [
    "xmldsig-core-schema.xsd",
    ...versions.flatMap((version) => readdirSync(path.join(HACIENDA_XSD_DIR, "schemas", version)).map((file) => `schemas/${version}/${file}`)),
  ].sort();
}

describe("vendored Hacienda schemas", () => {
  it("match their recorded sha256, byte for byte", () => {
    for (const [file, sum] of listedSums()) {
      const actual = createHash("sha256").update(readFileSync(path.join(HACIENDA_XSD_DIR, file))).digest("hex");
      expect(actual, file).toBe(sum);
    }
  });

  it("are all listed in SHA256SUMS, and nothing listed is missing", () => {
    expect([...listedSums().keys()].sort()).toEqual(schemaFiles());
  });

  it("include every v4.4 schema the invoice issuer needs", () => {
    const needed = [
      "FacturaElectronica",
      "NotaCreditoElectronica",
      "NotaDebitoElectronica",
      "TiqueteElectronico",
      "FacturaElectronicaCompra",
      "FacturaElectronicaExportacion",
      "ReciboElectronicoPago",
      "MensajeReceptor",
      "MensajeHacienda",
    ];
    const listed = listedSums();
    for (const root of needed) {
      expect(listed.has(path.relative(HACIENDA_XSD_DIR, haciendaXsdPath(root, "4.4"))), root).toBe(true);
    }
  });

  it("keep the official 4.4 FacturaElectronica sha256 published by Hacienda's package", () => {
    expect(listedSums().get("schemas/v4.4/FacturaElectronica_V4.4.xsd")).toBe("d384afef665573606f6499b2182d6070850ada8c93bc40fa7f0f3901a25b9cc8");
  });
});
