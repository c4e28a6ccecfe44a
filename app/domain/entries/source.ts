/** Where an entry came from, as a link on its page: the receipt, the reversed entry, the template… */
import { sourceLabel } from "./labels";

export interface SourceLink {
  label: string;
  /** A path inside the app (the page adds ?org and the shell's parameters), or null when there is nothing to open. */
  to: string | null;
}

const OBJECT_ID = /^[0-9a-f]{24}$/i;

export function sourceLink(source: { kind: string; id?: string }): SourceLink {
  const id = source.id && OBJECT_ID.test(source.id) ? source.id : undefined;
  switch (source.kind) {
    case "comprobante":
      return { label: "Comprobante", to: id ? `/detail/${id}` : null };
    case "reversion":
      return { label: "Reversión de otro asiento", to: id ? `/entries/view/${id}` : null };
    case "plantilla":
      return { label: "Plantilla", to: "/admin/accounting-entry-templates" };
    case "regla":
      return { label: "Regla de recepción automática", to: "/admin/rules" };
    case "factura":
      return { label: "Factura", to: id ? `/admin/invoice/${id}` : null };
    case "cierre":
      return { label: "Cierre del año", to: null };
    case "banco":
      return { label: "Regla bancaria", to: "/admin/bank" };
    case "manual":
      return { label: "Registro manual", to: null };
    default:
      return { label: sourceLabel(source.kind), to: null };
  }
}

/**
 * Entries a feature keeps in step with its own state (a declaration, a provision, the documents a
 * payment settled) are undone on that feature's screen, which reverses the entry and its state in one
 * transaction. Reversed by hand from the entry, the entry would go and the state would stay. Returns
 * where to undo it, or null for entries anyone may reverse here.
 */
export function undoneElsewhere(kind: string): string | null {
  switch (kind) {
    case "iva":
      return "Este asiento es la liquidación del IVA de un mes: se revierte con «Revertir liquidación» en la página del IVA, para que la declaración cambie con él.";
    case "renta":
      return "Este asiento es la provisión del impuesto sobre la renta: se revierte desde la página del Impuesto sobre la Renta.";
    case "cobro":
      return "Este asiento es un cobro: se deshace con «Deshacer» en el estado de cuenta del cliente, para que sus documentos vuelvan a quedar pendientes.";
    case "pago":
      return "Este asiento es un pago: se deshace con «Deshacer» en el estado de cuenta del proveedor, para que sus documentos vuelvan a quedar pendientes.";
    case "banco":
      return "Este asiento lo registró una regla bancaria: se deshace con «Deshacer» en la Conciliación Bancaria, para que el movimiento del banco vuelva a quedar pendiente.";
    default:
      return null;
  }
}
