import { IVA_RATE_CODES } from "~/domain/hacienda/codes";
import { DEFAULT_ACCOUNTS } from "./default-account-values";
import type { DefaultAccountKey, DefaultAccounts } from "./default-accounts";

type RateKey = "salesGoodsByRate" | "salesServicesByRate" | "ivaDebitByRate" | "ivaCreditByRate";
type SingleKey = Exclude<DefaultAccountKey, RateKey>;

/** One account of the default-accounts form: its field name (also its stored key) and its Spanish label. */
export interface DefaultAccountField {
  /** `receivable`, or `ivaDebitByRate-08` for one rate of a rate map (dots would nest in the form and the database). */
  name: string;
  key: DefaultAccountKey;
  rate?: string;
  label: string;
  section: string;
  /** May be left empty (only `cash`: contado sales then go to the receivable). */
  optional?: boolean;
}

const RATE_KEYS: readonly RateKey[] = ["salesGoodsByRate", "salesServicesByRate", "ivaDebitByRate", "ivaCreditByRate"];

function isRateKey(key: DefaultAccountKey): key is RateKey {
  return (RATE_KEYS as readonly string[]).includes(key);
}

const SINGLE: { key: SingleKey; label: string; section: string; optional?: boolean }[] = [
  { key: "receivable", label: "Cuentas por cobrar a clientes", section: "Clientes y proveedores" },
  {
    key: "cash",
    label: "Caja o banco para ventas de contado (vacío: a cuentas por cobrar)",
    section: "Clientes y proveedores",
    optional: true,
  },
  { key: "payable", label: "Cuentas por pagar a proveedores", section: "Clientes y proveedores" },
  { key: "unclassifiedPurchases", label: "Compras sin regla (por clasificar)", section: "Compras" },
  { key: "otherCharges", label: "Otros cargos de compras sin regla", section: "Compras" },
  { key: "otherChargesIncome", label: "Otros cargos cobrados en ventas", section: "Ventas de mercancías" },
  { key: "ivaCreditCapitalGoods", label: "IVA crédito de bienes de capital", section: "IVA crédito" },
  { key: "ivaProrataPending", label: "IVA pendiente de prorrata (proporcionalidad)", section: "IVA crédito" },
  { key: "ivaNonCreditableExpense", label: "IVA no acreditable (gasto)", section: "IVA crédito" },
  { key: "exchangeRounding", label: "Redondeo por tipo de cambio", section: "Compras" },
  { key: "ivaPayable", label: "IVA por pagar (liquidación)", section: "Liquidación de impuestos" },
  { key: "ivaCreditBalance", label: "Saldo a favor de IVA", section: "Liquidación de impuestos" },
  { key: "incomeTaxExpense", label: "Gasto por impuesto sobre la renta", section: "Liquidación de impuestos" },
  { key: "incomeTaxPayable", label: "Impuesto sobre la renta por pagar", section: "Liquidación de impuestos" },
  { key: "incomeTaxPrepayments", label: "Pagos parciales de renta", section: "Liquidación de impuestos" },
  { key: "retainedEarnings", label: "Utilidades retenidas", section: "Cierre del período" },
  { key: "yearResult", label: "Utilidad (pérdida) del período", section: "Cierre del período" },
];

const RATE_SECTIONS: Record<RateKey, string> = {
  salesGoodsByRate: "Ventas de mercancías",
  salesServicesByRate: "Ventas de servicios",
  ivaDebitByRate: "IVA débito",
  ivaCreditByRate: "IVA crédito",
};

const rateLabel = (rate: string) => `${rate} ${IVA_RATE_CODES[rate]?.label ?? "Tarifa"}`;

/** Every account of the form, grouped by section in the order the screen shows them. */
export const DEFAULT_ACCOUNT_FIELDS: readonly DefaultAccountField[] = (() => {
  const fields: DefaultAccountField[] = [];
  for (const item of SINGLE) fields.push({ name: item.key, ...item });
  for (const key of RATE_KEYS) {
    for (const rate of Object.keys(DEFAULT_ACCOUNTS[key]).sort()) {
      const section = RATE_SECTIONS[key];
      fields.push({ name: `${key}-${rate}`, key, rate, label: `${section} · ${rateLabel(rate)}`, section });
    }
  }
  const order = [...new Set([...SINGLE.map((item) => item.section), ...Object.values(RATE_SECTIONS)])];
  const sectionOrder = [
    "Clientes y proveedores",
    "Ventas de mercancías",
    "Ventas de servicios",
    "IVA débito",
    "Compras",
    "IVA crédito",
    "Liquidación de impuestos",
    "Cierre del período",
  ].filter((section) => order.includes(section));
  return sectionOrder.flatMap((section) => fields.filter((field) => field.section === section));
})();

/** The accounts as flat field values (`""` for an empty optional one). */
export function flattenDefaultAccounts(accounts: DefaultAccounts): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const field of DEFAULT_ACCOUNT_FIELDS) {
    const value =
      field.rate === undefined ? accounts[field.key] : (accounts[field.key] as Record<string, string>)[field.rate];
    flat[field.name] = typeof value === "string" ? value : "";
  }
  return flat;
}

/**
 * Stored flat values over the defaults: a field the organization never set, or stored with a shape it
 * cannot have, reads as the default. An empty optional field stays empty.
 */
export function readDefaultAccounts(stored: unknown): DefaultAccounts {
  const values =
    stored !== null && typeof stored === "object" && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  const accounts = structuredClone(DEFAULT_ACCOUNTS) as DefaultAccounts;
  for (const field of DEFAULT_ACCOUNT_FIELDS) {
    const value = values[field.name];
    if (typeof value !== "string") continue;
    if (value === "" && !field.optional) continue;
    if (field.rate !== undefined && isRateKey(field.key)) accounts[field.key][field.rate] = value;
    else if (field.key === "cash" && value === "") delete accounts.cash;
    else (accounts as unknown as Record<string, string>)[field.key] = value;
  }
  return accounts;
}
