import path from "node:path";
import { fileURLToPath } from "node:url";

export type HaciendaXsdVersion = "4.3" | "4.4";

/** This folder: xmldsig-core-schema.xsd, catalog.xml, SHA256SUMS and schemas/v4.x/. */
export const HACIENDA_XSD_DIR = path.dirname(fileURLToPath(import.meta.url));

/** OASIS catalog that maps the xmldsig imports to the local copy (set it as XML_CATALOG_FILES). */
export const HACIENDA_XSD_CATALOG = path.join(HACIENDA_XSD_DIR, "catalog.xml");

export const XMLDSIG_SCHEMA = path.join(HACIENDA_XSD_DIR, "xmldsig-core-schema.xsd");

/** e.g. haciendaXsdPath("FacturaElectronica", "4.4") → …/schemas/v4.4/FacturaElectronica_V4.4.xsd */
export function haciendaXsdPath(rootElement: string, version: HaciendaXsdVersion): string {
  return path.join(HACIENDA_XSD_DIR, "schemas", `v${version}`, `${rootElement}_V${version}.xsd`);
}
