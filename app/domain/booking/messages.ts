import { IVA_RATE_LABELS, TAX_LABELS } from "../hacienda/codes";

/** The plan's Spanish refusals and line descriptions. */
export const PLAN_MESSAGES = {
  rep: "Los recibos electrónicos de pago no se contabilizan: el cobro o el pago se registra aparte.",
  mensajeHacienda: "Los mensajes de Hacienda no se contabilizan: acompañan al comprobante que responden.",
  rejectedByHacienda: "Hacienda rechazó este comprobante: no se contabiliza.",
  rejectedByReceptor: "El comprobante fue rechazado en el mensaje de receptor: no se contabiliza.",
  ivaDevuelto: "El comprobante tiene IVA devuelto: contabilícelo con un asiento manual.",
  doesNotAddUp: "Las líneas del comprobante no suman su total: contabilícelo con un asiento manual.",
  otherTaxesOnSale: (codes: string[]) =>
    `El comprobante cobra impuestos distintos del IVA (${codes.map((code) => TAX_LABELS[code] ?? code).join(", ")}): contabilícelo con un asiento manual.`,
  noAccountForRate: (what: string, rate: string) =>
    `No hay cuenta de ${what} para la tarifa ${rate} (${IVA_RATE_LABELS[rate] ?? "desconocida"}) en las cuentas por defecto.`,
} as const;

export const LINE_DESCRIPTIONS = {
  salesGoods: (rate: string) => `Ventas de mercancías · ${IVA_RATE_LABELS[rate] ?? rate}`,
  salesServices: (rate: string) => `Ventas de servicios · ${IVA_RATE_LABELS[rate] ?? rate}`,
  ivaDebit: (rate: string) => `IVA débito · ${IVA_RATE_LABELS[rate] ?? rate}`,
  ivaCredit: (rate: string) => `IVA crédito · ${IVA_RATE_LABELS[rate] ?? rate}`,
  ivaCapitalGoods: "IVA crédito · bienes de capital",
  ivaProrata: "IVA pendiente de prorrata",
  ivaNonCreditable: "IVA no acreditable",
  purchases: "Compras y gastos",
  supplierAccount: "Compras y gastos · cuenta del proveedor",
  customerAccount: (rate: string) => `Ventas · cuenta del cliente · ${IVA_RATE_LABELS[rate] ?? rate}`,
  otherCharges: "Otros cargos",
  receivable: "Cuenta por cobrar",
  cash: "Venta de contado",
  payable: "Cuenta por pagar",
  rounding: "Redondeo por tipo de cambio",
} as const;
