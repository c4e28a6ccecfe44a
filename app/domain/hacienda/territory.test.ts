import { describe, expect, it } from "vitest";
import {
  BUSINESS_PARTIES,
  CONSUMERS,
  FERRETERIA_EL_CLAVO,
  FOREIGN_BUYERS,
  UNREGISTERED_SUPPLIERS,
} from "../../../scripts/hacienda-samples/src/catalog";
import { CANTONS, cantonName, districtName, formatUbicacion, PROVINCES, provinceName } from "./territory";

describe("Costa Rica's división territorial (issue 17, item 8)", () => {
  it("has the 7 provinces, the 84 cantons and their 492 districts", () => {
    expect(Object.keys(PROVINCES)).toHaveLength(7);
    expect(Object.keys(CANTONS)).toHaveLength(84);
    const districts = Object.values(CANTONS).flatMap(([, names]) => names.split("|").filter(Boolean));
    expect(districts).toHaveLength(492);
    for (const [code, [name, names]] of Object.entries(CANTONS)) {
      expect(code).toMatch(/^[1-7]\d{2}$/);
      expect(name).not.toBe("");
      expect(names.split("|")[0]).not.toBe("");
    }
  });

  it("knows the newest cantons: Río Cuarto (2-16), Monteverde (6-12) and Puerto Jiménez (6-13)", () => {
    expect(cantonName("2", "16")).toBe("Río Cuarto");
    expect(districtName("2", "16", "01")).toBe("Río Cuarto");
    expect(districtName("2", "16", "03")).toBe("Santa Isabel");
    expect(cantonName("6", "12")).toBe("Monteverde");
    expect(districtName("6", "12", "01")).toBe("Monteverde");
    expect(cantonName("6", "13")).toBe("Puerto Jiménez");
    expect(districtName("6", "13", "01")).toBe("Puerto Jiménez");
    // Their districts left the cantons they came from: the old numbers are no longer names.
    expect(districtName("2", "03", "06")).toBeNull();
    expect(districtName("6", "01", "09")).toBeNull();
    expect(districtName("6", "07", "02")).toBeNull();
  });

  it("writes names with their accents, and the current name of Quepos", () => {
    expect(provinceName("7")).toBe("Limón");
    expect(cantonName("6", "06")).toBe("Quepos");
    expect(cantonName("1", "19")).toBe("Pérez Zeledón");
  });

  it("formats an address smallest place first, with names instead of codes", () => {
    expect(
      formatUbicacion({
        provincia: "1",
        canton: "01",
        distrito: "08",
        barrio: "Sabana Norte",
        otrasSenas: "Costado oeste del Estadio Nacional",
      }),
    ).toBe("Sabana Norte, Mata Redonda, San José, San José. Costado oeste del Estadio Nacional");
    expect(formatUbicacion({ provincia: "2", canton: "1", distrito: "1", otrasSenas: "" })).toBe(
      "Alajuela, Alajuela, Alajuela",
    );
    expect(formatUbicacion({ provincia: "1", canton: "01", distrito: "03", barrio: "02", otrasSenas: "Local 4" })).toBe(
      "barrio 02, Hospital, San José, San José. Local 4",
    );
  });

  it("shows an unknown code as the code it is", () => {
    expect(provinceName("9")).toBeNull();
    expect(formatUbicacion({ provincia: "9", canton: "99", distrito: "99", otrasSenas: "Frente al parque" })).toBe(
      "distrito 99, cantón 99, provincia 9. Frente al parque",
    );
    expect(formatUbicacion({ provincia: "1", canton: "01", distrito: "42", otrasSenas: "" })).toBe(
      "distrito 42, San José, San José",
    );
    expect(districtName("1", "01", "00")).toBeNull();
    expect(districtName("1", "01", "x")).toBeNull();
  });

  it("resolves every address of the demo data", () => {
    const parties = [
      FERRETERIA_EL_CLAVO,
      ...BUSINESS_PARTIES,
      ...UNREGISTERED_SUPPLIERS,
      ...FOREIGN_BUYERS,
      ...CONSUMERS,
    ];
    const located = parties.filter((party) => party.ubicacion);
    expect(located.length).toBeGreaterThan(5);
    for (const { ubicacion } of located) {
      const { provincia, canton, distrito } = ubicacion!;
      expect(provinceName(provincia), `${provincia}`).not.toBeNull();
      expect(cantonName(provincia, canton), `${provincia}-${canton}`).not.toBeNull();
      expect(districtName(provincia, canton, distrito), `${provincia}-${canton}-${distrito}`).not.toBeNull();
    }
  });
});
