/**
 * The receptor's answer to a received comprobante: MensajeReceptor v4.4 (docs/domain/hacienda-answers.md §1).
 * The XML is unsigned; a signer appends ds:Signature as the root's last child.
 */
import { formatAmount, type Amount } from "../money";
import { buildConsecutivo } from "./clave";
import { MENSAJE_RECEPTOR_TYPE_CODES, namespaceFor } from "./codes";
import { formatCostaRicaDateTime, normalizeDateTime } from "./datetime";
import { leaf, node, renderXmlDocument } from "./xml-text";

export type MensajeReceptorCode = 1 | 2 | 3;

export const MENSAJE_RECEPTOR_LABELS: Record<MensajeReceptorCode, string> = {
  1: "Aceptado",
  2: "Aceptado parcialmente",
  3: "Rechazado",
};

/** CondicionImpuesto: 01 crédito IVA general, 02 crédito parcial, 03 bienes de capital, 04 gasto corriente sin crédito, 05 proporcionalidad. */
export type CondicionImpuesto = "01" | "02" | "03" | "04" | "05";

export const CONDICION_IMPUESTO_LABELS: Record<CondicionImpuesto, string> = {
  "01": "Genera crédito IVA",
  "02": "Genera crédito parcial del IVA",
  "03": "Bienes de capital",
  "04": "Gasto corriente, no genera crédito",
  "05": "Proporcionalidad",
};

export interface MensajeReceptorInput {
  /** Clave of the received comprobante. */
  clave: string;
  /** The supplier's (emisor's) identification. */
  numeroCedulaEmisor: string;
  /** When this answer is issued; defaults to now. */
  fechaEmisionDoc?: Date | string;
  mensaje: MensajeReceptorCode;
  detalleMensaje?: string;
  montoTotalImpuesto?: Amount;
  codigoActividad?: string;
  condicionImpuesto?: CondicionImpuesto;
  montoTotalImpuestoAcreditar?: Amount;
  montoTotalDeGastoAplicable?: Amount;
  totalFactura: Amount;
  /** The organization answering (the receptor of the comprobante). */
  numeroCedulaReceptor: string;
  /** The organization's own sequence for this message type (05/06/07). */
  consecutivo: { numero: number | bigint; sucursal?: number; terminal?: number };
}

export const MENSAJE_RECEPTOR_NAMESPACE = namespaceFor("mensajeReceptor", "4.4");

const MAX_AMOUNT: Amount = 999_999_999_999_999_999n;

export function mensajeReceptorConsecutivo(input: Pick<MensajeReceptorInput, "mensaje" | "consecutivo">): string {
  return buildConsecutivo({ ...input.consecutivo, tipo: MENSAJE_RECEPTOR_TYPE_CODES[input.mensaje] });
}

/** Spanish reasons why the input cannot become a valid MensajeReceptor; empty when it can. */
export function validateMensajeReceptorInput(input: MensajeReceptorInput): string[] {
  const errors: string[] = [];
  if (!/^\d{50}$/.test(input.clave)) errors.push("La clave del comprobante debe tener 50 dígitos.");
  if (!/^[0-9A-Za-z]{1,20}$/.test(input.numeroCedulaEmisor)) {
    errors.push("La identificación del emisor debe tener entre 1 y 20 caracteres alfanuméricos.");
  }
  if (!/^\d{9,12}$/.test(input.numeroCedulaReceptor)) {
    errors.push("La cédula del receptor debe tener entre 9 y 12 dígitos.");
  }
  if (![1, 2, 3].includes(input.mensaje)) errors.push("El mensaje debe ser 1 (aceptado), 2 (parcial) o 3 (rechazado).");
  if (input.detalleMensaje !== undefined && input.detalleMensaje.length > 160) {
    errors.push("El detalle del mensaje no puede superar 160 caracteres.");
  }
  if (input.codigoActividad !== undefined && !/^.{1,6}$/.test(input.codigoActividad)) {
    errors.push("El código de actividad no puede superar 6 caracteres.");
  }
  if (input.condicionImpuesto !== undefined && !(input.condicionImpuesto in CONDICION_IMPUESTO_LABELS)) {
    errors.push("La condición del impuesto debe ser 01, 02, 03, 04 o 05.");
  }
  if (typeof input.fechaEmisionDoc === "string" && !normalizeDateTime(input.fechaEmisionDoc)) {
    errors.push("La fecha del mensaje no es una fecha y hora válida.");
  }
  const amounts: [string, Amount | undefined][] = [
    ["El total de la factura", input.totalFactura],
    ["El impuesto total", input.montoTotalImpuesto],
    ["El impuesto a acreditar", input.montoTotalImpuestoAcreditar],
    ["El gasto aplicable", input.montoTotalDeGastoAplicable],
  ];
  for (const [label, amount] of amounts) {
    if (amount !== undefined && (amount < 0n || amount > MAX_AMOUNT)) errors.push(`${label} está fuera de rango.`);
  }
  if (
    input.montoTotalImpuestoAcreditar !== undefined &&
    input.montoTotalImpuesto !== undefined &&
    input.montoTotalImpuestoAcreditar > input.montoTotalImpuesto
  ) {
    errors.push("El impuesto a acreditar no puede superar el impuesto total del comprobante.");
  }
  try {
    mensajeReceptorConsecutivo(input);
  } catch (error) {
    errors.push(error instanceof Error ? error.message : String(error));
  }
  return errors;
}

export class MensajeReceptorInputError extends Error {
  constructor(readonly errors: string[]) {
    super(errors.join(" "));
    this.name = "MensajeReceptorInputError";
  }
}

/** Builds the unsigned MensajeReceptor v4.4 XML; throws MensajeReceptorInputError on invalid input. */
export function buildMensajeReceptor(input: MensajeReceptorInput): string {
  const errors = validateMensajeReceptorInput(input);
  if (errors.length > 0) throw new MensajeReceptorInputError(errors);
  const fecha =
    typeof input.fechaEmisionDoc === "string"
      ? normalizeDateTime(input.fechaEmisionDoc)!
      : formatCostaRicaDateTime(input.fechaEmisionDoc ?? new Date());
  const money = (amount: Amount | undefined) => (amount === undefined ? undefined : formatAmount(amount));
  return renderXmlDocument(
    node(
      "MensajeReceptor",
      [
        leaf("Clave", input.clave),
        leaf("NumeroCedulaEmisor", input.numeroCedulaEmisor),
        leaf("FechaEmisionDoc", fecha),
        leaf("Mensaje", String(input.mensaje)),
        leaf("DetalleMensaje", input.detalleMensaje),
        leaf("MontoTotalImpuesto", money(input.montoTotalImpuesto)),
        leaf("CodigoActividad", input.codigoActividad),
        leaf("CondicionImpuesto", input.condicionImpuesto),
        leaf("MontoTotalImpuestoAcreditar", money(input.montoTotalImpuestoAcreditar)),
        leaf("MontoTotalDeGastoAplicable", money(input.montoTotalDeGastoAplicable)),
        leaf("TotalFactura", formatAmount(input.totalFactura)),
        leaf("NumeroCedulaReceptor", input.numeroCedulaReceptor),
        leaf("NumeroConsecutivoReceptor", mensajeReceptorConsecutivo(input)),
      ],
      { xmlns: MENSAJE_RECEPTOR_NAMESPACE },
    ),
  );
}
