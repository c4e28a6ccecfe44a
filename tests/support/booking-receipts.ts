import type { ElectronicReceipt, Impuesto, LineaDetalle, OtroCargo } from "../../app/domain/hacienda/types";
import { parseAmount, ZERO, type Amount } from "../../app/domain/money";

/** Exact amounts from decimal text, for readable fixtures. */
export const amount = (text: string): Amount => parseAmount(text)!;

export function iva(rateCode: string, base: string, options: { exonerado?: string; tarifa?: string } = {}): Impuesto {
  const rates: Record<string, string> = {
    "08": "13",
    "04": "4",
    "03": "2",
    "02": "1",
    "01": "0",
    "10": "0",
    "07": "8",
  };
  const tarifa = options.tarifa ?? rates[rateCode] ?? "13";
  const monto = (amount(base) * BigInt(Math.round(Number(tarifa) * 100))) / 10_000n;
  return {
    codigo: "01",
    codigoTarifa: rateCode,
    tarifa,
    monto,
    ...(options.exonerado
      ? {
          exoneracion: {
            tipoDocumento: "04",
            numeroDocumento: "AL-0001",
            nombreInstitucion: "01",
            fechaEmision: "2025-01-01T00:00:00-06:00",
            monto: amount(options.exonerado),
          },
        }
      : {}),
  };
}

export function linea(
  numero: number,
  subTotal: string,
  impuestos: Impuesto[],
  options: { unidad?: string; detalle?: string; cabys?: string } = {},
): LineaDetalle {
  const sub = amount(subTotal);
  const taxes = impuestos.reduce((sum, tax) => sum + tax.monto - (tax.exoneracion?.monto ?? ZERO), ZERO);
  return {
    numero,
    cabys: options.cabys ?? "4299901000000",
    codigosComerciales: [],
    cantidad: "1",
    unidadMedida: options.unidad ?? "Unid",
    detalle: options.detalle ?? `Línea ${numero}`,
    precioUnitario: sub,
    montoTotal: sub,
    descuentos: [],
    subTotal: sub,
    impuestos,
    impuestoNeto: taxes,
    montoTotalLinea: sub + taxes,
  };
}

export function cargo(monto: string): OtroCargo {
  return { tipoDocumento: "06", detalle: "Impuesto de servicio 10 %", monto: amount(monto) };
}

/** A receipt whose summary adds up its lines (unless `total` overrides TotalComprobante). */
export function comprobante(
  kind: ElectronicReceipt["kind"],
  lines: LineaDetalle[],
  options: {
    moneda?: string;
    tipoCambio?: string;
    condicionVenta?: string;
    otrosCargos?: OtroCargo[];
    total?: string;
    ivaDevuelto?: string;
    fecha?: string;
  } = {},
): ElectronicReceipt {
  const otrosCargos = options.otrosCargos ?? [];
  const venta = lines.reduce((sum, line) => sum + line.subTotal, ZERO);
  const impuesto = lines.reduce((sum, line) => sum + (line.impuestoNeto ?? ZERO), ZERO);
  const cargos = otrosCargos.reduce((sum, charge) => sum + charge.monto, ZERO);
  const devuelto = options.ivaDevuelto ? amount(options.ivaDevuelto) : ZERO;
  const total = options.total ? amount(options.total) : venta + impuesto + cargos - devuelto;
  const zero = ZERO;
  return {
    version: "4.4",
    namespace: "",
    rootElement: "",
    clave: "50601102500310112345600100001010000000001100000001",
    signed: true,
    kind,
    consecutivo: "00100001010000000001",
    fechaEmision: options.fecha ?? "2025-10-15T10:00:00-06:00",
    emisor: { nombre: "Distribuidora Central S.A.", correos: [], identificacion: { tipo: "02", numero: "3101999999" } },
    receptor: { nombre: "Ferretería El Clavo S.A.", correos: [], identificacion: { tipo: "02", numero: "3101123456" } },
    condicionVenta: options.condicionVenta ?? "02",
    mediosPago: [],
    moneda: options.moneda ?? "CRC",
    tipoCambio: amount(options.tipoCambio ?? "1"),
    lines,
    otrosCargos,
    informacionReferencia: [],
    resumen: {
      totalServGravados: zero,
      totalServExentos: zero,
      totalServExonerado: zero,
      totalServNoSujeto: zero,
      totalMercanciasGravadas: zero,
      totalMercanciasExentas: zero,
      totalMercExonerada: zero,
      totalMercNoSujeta: zero,
      totalGravado: zero,
      totalExento: zero,
      totalExonerado: zero,
      totalNoSujeto: zero,
      totalVenta: venta,
      totalDescuentos: zero,
      totalVentaNeta: venta,
      totalDesgloseImpuesto: [],
      totalImpuesto: impuesto,
      totalImpAsumEmisorFabrica: zero,
      totalIVADevuelto: devuelto,
      totalOtrosCargos: cargos,
      totalComprobante: total,
    },
    colones: {
      tipoCambio: amount(options.tipoCambio ?? "1"),
      totalVenta: zero,
      totalDescuentos: zero,
      totalVentaNeta: zero,
      totalImpuesto: zero,
      totalOtrosCargos: zero,
      totalIVADevuelto: zero,
      totalComprobante: zero,
    },
  };
}
