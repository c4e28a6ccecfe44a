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
    case "manual":
      return { label: "Registro manual", to: null };
    default:
      return { label: sourceLabel(source.kind), to: null };
  }
}
