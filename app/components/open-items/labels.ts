import type { Side } from "~/domain/open-items";

export const SIDE_TEXTS: Record<
  Side,
  {
    title: string;
    path: string;
    party: string;
    parties: string;
    /** The counterparties as counted under the aging: singular and plural. */
    counted: [string, string];
    register: string;
    registered: string;
  }
> = {
  receivable: {
    title: "Cuentas por cobrar",
    path: "/receivables",
    party: "Cliente",
    parties: "Clientes",
    counted: ["cliente con saldo", "clientes con saldo"],
    register: "Registrar cobro",
    registered: "Cobro registrado",
  },
  payable: {
    title: "Cuentas por pagar",
    path: "/payables",
    party: "Proveedor",
    parties: "Proveedores",
    counted: ["proveedor con saldo", "proveedores con saldo"],
    register: "Registrar pago",
    registered: "Pago registrado",
  },
};
