/** Maps Hacienda's answer (MensajeHacienda, v4.3 or v4.4) onto the typed model. */
import { parseClave } from "./clave";
import { ESTADO_BY_MENSAJE, type HaciendaVersion } from "./codes";
import { type FieldReader, type XmlNode } from "./field-reader";
import type { HaciendaMessage, MessageParty } from "./types";

export interface MessageContext {
  version: HaciendaVersion;
  namespace: string;
  rootElement: string;
  signed: boolean;
}

function readMessageParty(r: FieldReader, root: XmlNode, role: "Emisor" | "Receptor"): MessageParty | undefined {
  const nombre = r.optional(root, `Nombre${role}`);
  const tipo = r.optional(root, `TipoIdentificacion${role}`);
  const numero = r.optional(root, `NumeroCedula${role}`);
  if (nombre === undefined && tipo === undefined && numero === undefined) return undefined;
  return { nombre, identificacion: numero !== undefined ? { tipo: tipo ?? "", numero } : undefined };
}

export function readHaciendaMessage(r: FieldReader, root: XmlNode, context: MessageContext): HaciendaMessage {
  const clave = r.required(root, "Clave", "Clave");
  if (clave && !parseClave(clave)) r.errors.push(`La Clave debe tener 50 dígitos: «${clave}».`);
  const emisor = readMessageParty(r, root, "Emisor");
  if (!emisor?.identificacion) r.errors.push("Falta el campo obligatorio NumeroCedulaEmisor.");
  const mensaje = r.required(root, "Mensaje", "Mensaje");
  const estado = ESTADO_BY_MENSAJE[mensaje];
  if (mensaje && !estado)
    r.errors.push(`El campo Mensaje debe ser 1 (aceptado), 2 (parcial) o 3 (rechazado): «${mensaje}».`);
  return {
    kind: "MH",
    version: context.version,
    namespace: context.namespace,
    rootElement: context.rootElement,
    signed: context.signed,
    clave,
    emisor: emisor ?? {},
    receptor: readMessageParty(r, root, "Receptor"),
    mensaje,
    estado: estado ?? "rechazado",
    estadoMensaje: r.optional(root, "EstadoMensaje"),
    detalleMensaje: r.optional(root, "DetalleMensaje") ?? "",
    montoTotalImpuesto: r.amount(root, "MontoTotalImpuesto", "MontoTotalImpuesto"),
    totalFactura: r.requiredAmount(root, "TotalFactura", "TotalFactura"),
  };
}
