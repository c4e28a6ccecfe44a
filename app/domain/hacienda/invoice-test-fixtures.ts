/** An issuer, drafts and numbering shared by the invoice totals, writer and XSD tests. */
import type { InvoiceDraft, InvoiceKind, InvoiceLineInput, InvoiceNumbering, IssuerProfile } from "../invoicing/types";
import { parseAmount, type Amount } from "../money";
import { buildClave, buildConsecutivo } from "./clave";
import { KIND_INFO } from "./codes";

export function money(text: string): Amount {
  const amount = parseAmount(text);
  if (amount === null) throw new RangeError(`not an amount: ${text}`);
  return amount;
}

export const ISSUER: IssuerProfile = {
  nombre: "Servicios Contables del Valle S.A.",
  nombreComercial: "Contables del Valle",
  identificacion: { tipo: "02", numero: "3101123456" },
  codigoActividad: "692001",
  ubicacion: {
    provincia: "1",
    canton: "01",
    distrito: "08",
    barrio: "Barrio Escalante",
    otrasSenas: "De la iglesia 200 m al este",
  },
  telefono: { codigoPais: "506", numero: "22223333" },
  correo: "facturas@contablesdelvalle.cr",
  sucursal: "001",
  terminal: "00001",
};

export const RECEPTOR = {
  nombre: "Comercial La Sabana Ltda.",
  identificacion: { tipo: "02", numero: "3102654321" },
  correo: "compras@lasabana.cr",
};

/** A goods CABYS code (section 0–4) and a services one (section 5–9). */
export const GOODS_CABYS = "2399999000000";
export const SERVICE_CABYS = "8311100000000";

export function line(overrides: Partial<InvoiceLineInput> = {}): InvoiceLineInput {
  return {
    cabys: GOODS_CABYS,
    cantidad: "1",
    unidadMedida: "Unid",
    detalle: "Artículo de prueba",
    precioUnitario: money("1000"),
    codigoTarifaIVA: "08",
    ...overrides,
  };
}

export function draft(lines: InvoiceLineInput[], overrides: Partial<InvoiceDraft> = {}): InvoiceDraft {
  return {
    kind: "FE",
    receptor: RECEPTOR,
    condicionVenta: "01",
    mediosPago: ["04"],
    moneda: "CRC",
    tipoCambio: money("1"),
    lines,
    ...overrides,
  };
}

export function numbering(kind: InvoiceKind, numero = 1, fechaEmision = "2026-11-23T10:15:00-06:00"): InvoiceNumbering {
  const consecutivo = buildConsecutivo({ sucursal: 1, terminal: 1, tipo: KIND_INFO[kind].typeCode!, numero });
  const clave = buildClave({
    fecha: fechaEmision,
    identificacion: ISSUER.identificacion.numero,
    consecutivo,
    codigoSeguridad: "12345678",
  });
  return { clave, consecutivo, fechaEmision };
}
