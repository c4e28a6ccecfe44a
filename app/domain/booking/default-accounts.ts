/**
 * The accounts an organization books to when no rule says otherwise (issue 13), also used by the IVA
 * settlement, the income-tax provision and the year close. Values are catalog codes
 * (`10-01-02-01-00`) that must be selectable leaves of the organization's merged catalog.
 * `byRate` maps are keyed by Hacienda's CodigoTarifaIVA (`01`…`11`, v4.4).
 */
export interface DefaultAccounts {
  receivable: string;
  payable: string;
  /** Contado sales are debited here when set; otherwise to `receivable`. */
  cash?: string;
  salesGoodsByRate: Record<string, string>;
  salesServicesByRate: Record<string, string>;
  ivaDebitByRate: Record<string, string>;
  ivaCreditByRate: Record<string, string>;
  /** IVA of a received receipt with CondicionImpuesto 03 (bienes de capital). */
  ivaCreditCapitalGoods: string;
  /** IVA of a received receipt under proportionality (CondicionImpuesto 05), until the annual prorrata. */
  ivaProrataPending: string;
  ivaNonCreditableExpense: string;
  /** Expense side of a received receipt no rule matched (70 Por clasificar). */
  unclassifiedPurchases: string;
  /** OtrosCargos of a received receipt no rule matched. */
  otherCharges: string;
  /** OtrosCargos of an issued receipt. */
  otherChargesIncome: string;
  /** The céntimos a foreign-currency receipt loses or gains when converted line by line. */
  exchangeRounding: string;
  /** IVA settlement (issue 14): balance to pay, and balance in favour carried forward. */
  ivaPayable: string;
  ivaCreditBalance: string;
  /** Income tax (issue 14): provision expense, liability, and pagos parciales already paid. */
  incomeTaxExpense: string;
  incomeTaxPayable: string;
  incomeTaxPrepayments: string;
  /** Year close (issue 12). */
  retainedEarnings: string;
  yearResult: string;
}

export type DefaultAccountKey = keyof DefaultAccounts;
