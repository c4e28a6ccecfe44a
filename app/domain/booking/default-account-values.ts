import type { DefaultAccounts } from "./default-accounts";

const SALES_GOODS = "40-01-01-01-00";
const SALES_GOODS_REDUCED = "40-01-01-02-00";
const SALES_GOODS_EXEMPT = "40-01-01-03-00";
const SALES_SERVICES = "40-01-02-01-00";
const SALES_SERVICES_REDUCED = "40-01-02-02-00";
const SALES_SERVICES_EXEMPT = "40-01-02-03-00";

/**
 * The accounts of the default Costa Rican chart an organization books to until an admin changes them
 * (decision 130). Rate maps are keyed by CodigoTarifaIVA; IVA maps only list the rates that carry IVA.
 */
export const DEFAULT_ACCOUNTS: Readonly<DefaultAccounts> = Object.freeze({
  receivable: "10-01-02-01-00",
  payable: "20-01-01-01-00",
  cash: "10-01-01-01-00",
  salesGoodsByRate: {
    "01": "40-01-01-06-00",
    "02": SALES_GOODS_REDUCED,
    "03": SALES_GOODS_REDUCED,
    "04": SALES_GOODS_REDUCED,
    "05": SALES_GOODS_EXEMPT,
    "06": SALES_GOODS_REDUCED,
    "07": SALES_GOODS_REDUCED,
    "08": SALES_GOODS,
    "09": SALES_GOODS_REDUCED,
    "10": SALES_GOODS_EXEMPT,
    "11": SALES_GOODS_EXEMPT,
  },
  salesServicesByRate: {
    "01": "40-01-02-04-00",
    "02": SALES_SERVICES_REDUCED,
    "03": SALES_SERVICES_REDUCED,
    "04": SALES_SERVICES_REDUCED,
    "05": SALES_SERVICES_EXEMPT,
    "06": SALES_SERVICES_REDUCED,
    "07": SALES_SERVICES_REDUCED,
    "08": SALES_SERVICES,
    "09": SALES_SERVICES_REDUCED,
    "10": SALES_SERVICES_EXEMPT,
    "11": SALES_SERVICES_EXEMPT,
  },
  ivaDebitByRate: {
    "02": "20-01-02-01-04",
    "03": "20-01-02-01-03",
    "04": "20-01-02-01-02",
    "06": "20-01-02-01-02",
    "07": "20-01-02-01-01",
    "08": "20-01-02-01-01",
    "09": "20-01-02-01-04",
  },
  ivaCreditByRate: {
    "02": "10-01-03-01-04",
    "03": "10-01-03-01-03",
    "04": "10-01-03-01-02",
    "06": "10-01-03-01-02",
    "07": "10-01-03-01-01",
    "08": "10-01-03-01-01",
    "09": "10-01-03-01-04",
  },
  ivaCreditCapitalGoods: "10-01-03-01-05",
  ivaProrataPending: "10-01-03-01-06",
  ivaNonCreditableExpense: "60-02-21-00-00",
  unclassifiedPurchases: "70-01-01-00-00",
  otherCharges: "70-01-01-00-00",
  otherChargesIncome: "40-02-04-00-00",
  exchangeRounding: "60-04-03-00-00",
  ivaPayable: "20-01-02-02-00",
  ivaCreditBalance: "10-01-03-02-00",
  incomeTaxExpense: "60-06-01-00-00",
  incomeTaxPayable: "20-01-02-03-00",
  incomeTaxPrepayments: "10-01-03-03-00",
  retainedEarnings: "30-04-01-00-00",
  yearResult: "30-04-03-00-00",
});
