/**
 * The JSON body of `POST recepcion` for a stored receipt (docs/domain/hacienda-api.md §3). For the organization's
 * own comprobante: its clave, date, emisor and receptor (none on a tiquete without one). For its answer
 * to a supplier (MensajeReceptor): the supplier's clave, the supplier as emisor, the organization as
 * receptor, and the answer's own consecutivo.
 */
import type { SubmissionDocument } from "~/domain/hacienda-queue/status";
import type { ReceiptParty, ReceiptRecord } from "~models/receipt";
import type { ReceptionParty, ReceptionRequest } from "./reception.server";

/** Identification types by length when the stored party lacks one (física 9, jurídica 10, DIMEX 11–12). */
function typeOf(numero: string): string {
  if (numero.length === 9) return "01";
  if (numero.length === 10) return "02";
  return "03";
}

function partyOf(party: ReceiptParty | undefined): ReceptionParty | undefined {
  if (!party?.numero) return undefined;
  return { tipoIdentificacion: party.tipo ?? typeOf(party.numero), numeroIdentificacion: party.numero };
}

function fechaOf(xml: string, element: string): string | undefined {
  return new RegExp(`<(?:\\w+:)?${element}>\\s*([^<]+?)\\s*<`).exec(xml)?.[1];
}

export function receptionRequestFor(
  document: SubmissionDocument,
  receipt: ReceiptRecord,
  signedXml: Buffer,
): ReceptionRequest {
  const xml = signedXml.toString("utf8");
  const emisor = partyOf(receipt.emisor);
  if (!emisor) throw new Error(`receipt ${receipt._id} has no emisor identification`);
  if (document === "mensaje-receptor") {
    const message = receipt.receptorMessage;
    if (!message) throw new Error(`receipt ${receipt._id} has no receptor message`);
    const cedula = fechaOf(xml, "NumeroCedulaReceptor") ?? receipt.receptor?.numero ?? "";
    const receptor = partyOf(receipt.receptor) ?? { tipoIdentificacion: typeOf(cedula), numeroIdentificacion: cedula };
    return {
      clave: receipt.clave,
      fecha: message.fechaEmisionDoc,
      emisor,
      receptor,
      consecutivoReceptor: message.consecutivo,
      comprobanteXml: signedXml.toString("base64"),
    };
  }
  const receptor = partyOf(receipt.receptor);
  return {
    clave: receipt.clave,
    fecha: fechaOf(xml, "FechaEmision") ?? receipt.fechaEmision.toISOString(),
    emisor,
    ...(receptor ? { receptor } : {}),
    comprobanteXml: signedXml.toString("base64"),
  };
}
