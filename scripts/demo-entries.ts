/**
 * The demo books: a believable year of entries for Ferretería El Clavo and Soda La Esquina, from
 * 1 January to today (the year before as well while the current one is under three months old, so
 * the screens never look empty). Opening balances, daily sales (cash, card and SINPE; on credit for
 * the hardware store), purchases with IVA crédito, collections and supplier payments, monthly payroll
 * with CCSS charges and provisions, the CCSS and IVA payments of the month before, rent and utilities,
 * bank fees, loan instalments, depreciation, partial income-tax payments, and a few drafts.
 *
 * Pure and deterministic: the same organization and `today` give the same entries (seeded random per
 * month). Accounts are leaves of the default chart as merged with the demo clients' overrides
 * (scripts/demo-data.ts). Amounts are whole céntimos turned into exact Amounts.
 */
import {
  addDays,
  firstDayOfMonth,
  lastDayOfMonth,
  monthOf,
  shiftMonth,
  type CalendarDate,
} from "../app/domain/calendar";
import type { EntryInput, EntryLineInput } from "../app/domain/ledger";
import { CENTIMO } from "../app/domain/money";
import { createRandom, type Random } from "./hacienda-samples/src/random";

export interface DemoEntry {
  input: EntryInput;
  /** Left as a draft (borrador) instead of posted. */
  draft?: boolean;
}

const A = {
  cash: "10-01-01-01-00",
  pettyCash: "10-01-01-02-00",
  bankBN: "10-01-01-03-01",
  bankBCR: "10-01-01-03-02",
  sinpe: "10-01-01-03-03",
  bankPopular: "10-01-01-03-04",
  receivables: "10-01-02-01-00",
  ivaCredit13: "10-01-03-01-01",
  ivaCredit1: "10-01-03-01-04",
  ivaInFavour: "10-01-03-02-00",
  partialIncomeTax: "10-01-03-03-00",
  merchandise: "10-01-04-01-00",
  supplies: "10-01-04-05-00",
  insurancePrepaid: "10-01-05-01-00",
  machinery: "10-02-01-04-00",
  furniture: "10-02-01-05-00",
  computers: "10-02-01-06-00",
  vehicles: "10-02-01-07-00",
  depMachinery: "10-02-02-03-00",
  depFurniture: "10-02-02-04-00",
  depComputers: "10-02-02-05-00",
  depVehicles: "10-02-02-06-00",
  guaranteeDeposits: "10-02-04-01-00",
  suppliers: "20-01-01-01-00",
  ivaDebit13: "20-01-02-01-01",
  ivaPayable: "20-01-02-02-00",
  salaryTaxWithheld: "20-01-02-04-00",
  salariesPayable: "20-01-03-01-00",
  ccssEmployer: "20-01-03-02-00",
  ccssWorker: "20-01-03-03-00",
  insPayable: "20-01-03-04-00",
  provisionAguinaldo: "20-01-03-07-00",
  provisionVacations: "20-01-03-08-00",
  loan: "20-02-01-00-00",
  capital: "30-01-01-00-00",
  legalReserve: "30-02-01-00-00",
  retainedEarnings: "30-04-01-00-00",
  sales13: "40-01-01-01-00",
  interestEarned: "40-02-01-00-00",
  costOfGoods: "50-01-01-00-00",
  foodCost: "50-01-01-01-00",
  drinksCost: "50-01-01-02-00",
  salaries: "60-01-01-00-00",
  employerCharges: "60-01-04-00-00",
  aguinaldo: "60-01-05-00-00",
  vacations: "60-01-06-00-00",
  insPolicy: "60-01-08-00-00",
  rent: "60-02-01-00-00",
  electricity: "60-02-02-00-00",
  water: "60-02-03-00-00",
  phone: "60-02-04-00-00",
  accountingFees: "60-02-05-00-00",
  fuel: "60-02-08-00-00",
  vehicleRepairs: "60-02-09-00-00",
  maintenance: "60-02-10-00-00",
  stationery: "60-02-11-00-00",
  cleaning: "60-02-12-00-00",
  security: "60-02-13-00-00",
  advertising: "60-02-15-00-00",
  software: "60-02-17-00-00",
  municipalTaxes: "60-02-18-00-00",
  depreciationMachinery: "60-03-02-00-00",
  depreciationFurniture: "60-03-03-00-00",
  depreciationVehicles: "60-03-04-00-00",
  loanInterest: "60-04-01-00-00",
  bankFees: "60-04-02-00-00",
} as const;

/** CCSS employer share (SEM, IVM, Banco Popular, asignaciones familiares, IMAS, INA, LPT) and worker share. */
const CCSS_EMPLOYER = 2667n; // 26.67 % in basis points
const CCSS_WORKER = 1083n; // 10.83 %
const AGUINALDO = 833n; // 1/12
const VACATIONS = 417n; // 2 weeks a year

type Cts = bigint;

/** What stays in the register after each weekly deposit. */
const FLOAT: Cts = 30_000_000n;

const colones = (value: number): Cts => BigInt(Math.round(value)) * 100n;
const share = (base: Cts, basisPoints: bigint): Cts => (base * basisPoints + 5_000n) / 10_000n;
const dr = (account: string, amount: Cts, description = ""): EntryLineInput => ({
  account,
  debit: amount * CENTIMO,
  description,
});
const cr = (account: string, amount: Cts, description = ""): EntryLineInput => ({
  account,
  credit: amount * CENTIMO,
  description,
});

interface Profile {
  /** Cash-register days per month and the day's takings (colones, before IVA). */
  salesDays: number;
  dailySales: [number, number];
  /** Hardware store only: invoices on 30 days' credit per month, colones before IVA. */
  creditSales: number;
  creditSale: [number, number];
  purchases: number;
  purchase: [number, number];
  payroll: number;
  rent: number;
  loanInstalment: number;
  loanInterestRate: number;
  depreciation: Array<{ expense: string; accumulated: string; monthly: number }>;
  partialIncomeTax: number;
}

const FERRETERIA: Profile = {
  salesDays: 12,
  dailySales: [900_000, 1_900_000],
  creditSales: 5,
  creditSale: [650_000, 2_200_000],
  purchases: 5,
  purchase: [2_100_000, 3_600_000],
  payroll: 4_850_000,
  rent: 1_350_000,
  loanInstalment: 420_000,
  loanInterestRate: 0.0085,
  depreciation: [
    { expense: A.depreciationVehicles, accumulated: A.depVehicles, monthly: 245_000 },
    { expense: A.depreciationFurniture, accumulated: A.depFurniture, monthly: 58_000 },
    { expense: A.depreciationFurniture, accumulated: A.depComputers, monthly: 41_500 },
  ],
  partialIncomeTax: 1_150_000,
};

const SODA: Profile = {
  salesDays: 16,
  dailySales: [330_000, 640_000],
  creditSales: 0,
  creditSale: [0, 0],
  purchases: 6,
  purchase: [260_000, 700_000],
  payroll: 2_150_000,
  rent: 650_000,
  loanInstalment: 150_000,
  loanInterestRate: 0.0095,
  depreciation: [
    { expense: A.depreciationMachinery, accumulated: A.depMachinery, monthly: 72_000 },
    { expense: A.depreciationFurniture, accumulated: A.depFurniture, monthly: 21_000 },
  ],
  partialIncomeTax: 240_000,
};

const HARDWARE_CUSTOMERS = [
  "Constructora Los Robles S.A.",
  "Condominio Vista Verde",
  "Ing. Carlos Méndez Solís",
  "Remodelaciones Quesada Ltda.",
  "Taller Hermanos Vargas",
  "Municipalidad de Santa Ana",
];
const HARDWARE_SUPPLIERS = [
  "Distribuidora Ferretera Nacional S.A.",
  "Aceros del Pacífico S.A.",
  "Pinturas Centroamericanas S.A.",
  "Eléctricos del Valle S.A.",
];
const FOOD_SUPPLIERS = [
  "Verdulería El Trópico",
  "Carnicería La Sabana",
  "Distribuidora Dos Pinos",
  "Panificadora San Pedro",
  "Abastecedor Central S.A.",
];

/** The first day of the demo books and the last one (today). */
export function demoBooksRange(today: CalendarDate): { from: CalendarDate; to: CalendarDate } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return { from: `${month < 3 ? year - 1 : year}-01-01` as CalendarDate, to: today };
}

function monthsOf(from: CalendarDate, to: CalendarDate): string[] {
  const months: string[] = [];
  for (let month = monthOf(from); month <= monthOf(to); month = shiftMonth(month, 1)) months.push(month);
  return months;
}

function between(random: Random, [low, high]: [number, number]): Cts {
  return colones(low + random.next() * (high - low));
}

function spreadDays(random: Random, month: string, count: number, lastDay: CalendarDate): CalendarDate[] {
  const first = firstDayOfMonth(month);
  const days = Number(lastDay.slice(8, 10));
  return Array.from({ length: count }, (_, i) => {
    const day = Math.min(days, 1 + Math.floor(((i + random.next()) * days) / count));
    return addDays(first, day - 1);
  });
}

/**
 * Every demo entry of one organization, in date order (the order they are posted in). `isSoda`
 * picks the restaurant's accounts and sizes; anything else is the hardware store.
 */
export function demoEntries(organizationId: string, today: CalendarDate): DemoEntry[] {
  const isSoda = organizationId === "CR:3102654321";
  const profile = isSoda ? SODA : FERRETERIA;
  const { from, to } = demoBooksRange(today);
  const entries: DemoEntry[] = [];
  const add = (date: CalendarDate, description: string, lines: EntryLineInput[], reference = "") =>
    entries.push({ input: { date, description, reference, lines } });

  entries.push({ input: openingEntry(isSoda, from) });

  // What the month before leaves to pay in this one.
  let pendingCcss: { employer: Cts; worker: Cts } | null = null;
  let pendingIva: { debit: Cts; credit13: Cts; credit1: Cts } | null = null;
  let receivables: Array<{ customer: string; amount: Cts; due: CalendarDate }> = [];
  let payables: Array<{ supplier: string; amount: Cts; due: CalendarDate }> = [];
  let invoice = 1;
  // The register's takings not yet deposited, and the cash kept in it.
  let takings: Array<{ date: CalendarDate; cash: Cts; sinpe: Cts }> = [];
  let cashInRegister = 0n;

  for (const month of monthsOf(from, to)) {
    const random = createRandom(`demo-entries:${organizationId}:${month}`);
    const monthEnd = lastDayOfMonth(month);
    const lastDay = monthEnd < to ? monthEnd : to;
    const iva = { debit: 0n, credit13: 0n, credit1: 0n };

    let netSales = 0n;
    const inMonth = (day: number) => {
      const date = addDays(firstDayOfMonth(month), day - 1);
      return date <= lastDay ? date : null;
    };

    // Payments of what the month before left (CCSS planilla and the IVA return, both by the 15th).
    const ccssDay = inMonth(10);
    if (pendingCcss && ccssDay) {
      const { employer, worker } = pendingCcss;
      add(
        ccssDay,
        "Pago de planilla CCSS del mes anterior",
        [dr(A.ccssEmployer, employer), dr(A.ccssWorker, worker), cr(A.bankBN, employer + worker)],
        "SICERE",
      );
      pendingCcss = null;
    }
    const ivaDay = inMonth(14);
    if (pendingIva && ivaDay) {
      const { debit, credit13, credit1 } = pendingIva;
      const credit = credit13 + credit1;
      const lines = [dr(A.ivaDebit13, debit), cr(A.ivaCredit13, credit13)];
      if (credit1 > 0n) lines.push(cr(A.ivaCredit1, credit1));
      if (debit >= credit) {
        lines.push(cr(A.ivaPayable, debit - credit));
        add(ivaDay, "Liquidación de IVA del mes anterior (D-104)", lines, "D-104");
        if (debit > credit)
          add(
            ivaDay,
            "Pago del IVA del mes anterior",
            [dr(A.ivaPayable, debit - credit), cr(A.bankBN, debit - credit)],
            "D-104",
          );
      } else {
        lines.push(dr(A.ivaInFavour, credit - debit));
        add(ivaDay, "Liquidación de IVA del mes anterior: saldo a favor (D-104)", lines, "D-104");
      }
      pendingIva = null;
    }

    // Sales: the register's daily close (cash, card, SINPE Móvil).
    for (const date of spreadDays(random, month, profile.salesDays, lastDay)) {
      const base = between(random, profile.dailySales);
      const tax = share(base, 1300n);
      const total = base + tax;
      const card = share(total, BigInt(3500 + random.int(0, 2000)));
      const sinpe = share(total, BigInt(1000 + random.int(0, 1500)));
      const cash = total - card - sinpe;
      takings.push({ date, cash, sinpe });
      netSales += base;
      iva.debit += tax;
      add(date, isSoda ? "Ventas del día (cierre de caja)" : "Ventas de contado del día (cierre de caja)", [
        dr(A.cash, cash, "Efectivo"),
        dr(A.bankBN, card, "Datáfono"),
        dr(A.sinpe, sinpe, "SINPE Móvil"),
        cr(A.sales13, base),
        cr(A.ivaDebit13, tax),
      ]);
    }
    // Every week the cash (keeping a float in the register) and the SINPE Móvil receipts go to the bank.
    for (const day of [7, 14, 21, 28]) {
      const date = inMonth(day);
      if (!date) continue;
      const week = takings.filter((taking) => taking.date <= date);
      takings = takings.filter((taking) => taking.date > date);
      cashInRegister += week.reduce((sum, taking) => sum + taking.cash, 0n);
      const sinpe = week.reduce((sum, taking) => sum + taking.sinpe, 0n);
      const deposit = cashInRegister > FLOAT ? ((cashInRegister - FLOAT) / 10_000n) * 10_000n : 0n;
      if (deposit <= 0n || sinpe <= 0n) continue;
      cashInRegister -= deposit;
      const bank = day === 21 ? (isSoda ? A.bankBCR : A.bankPopular) : A.bankBN;
      add(
        date,
        "Depósito de efectivo y traslado de SINPE Móvil al banco",
        [dr(bank, deposit + sinpe), cr(A.cash, deposit), cr(A.sinpe, sinpe)],
        `DEP-${month.replace("-", "")}-${day}`,
      );
    }

    // Hardware store: invoices on credit and the collections of those that fell due.
    if (profile.creditSales > 0) {
      for (const date of spreadDays(random, month, profile.creditSales, lastDay)) {
        const base = between(random, profile.creditSale);
        const tax = share(base, 1300n);
        const customer = random.pick(HARDWARE_CUSTOMERS);
        netSales += base;
        iva.debit += tax;
        receivables.push({ customer, amount: base + tax, due: addDays(date, 30) });
        add(
          date,
          `Venta a crédito a ${customer}`,
          [dr(A.receivables, base + tax), cr(A.sales13, base), cr(A.ivaDebit13, tax)],
          `FE-${String(invoice++).padStart(6, "0")}`,
        );
      }
      const collected = receivables.filter((r) => r.due <= lastDay);
      receivables = receivables.filter((r) => r.due > lastDay);
      for (const receivable of collected) {
        add(
          receivable.due,
          `Cobro a ${receivable.customer}`,
          [dr(random.chance(0.8) ? A.bankBN : A.bankPopular, receivable.amount), cr(A.receivables, receivable.amount)],
          "Transferencia",
        );
      }
    }

    // Purchases on 30 days' credit, and the payments that fell due.
    for (const date of spreadDays(random, month, profile.purchases, lastDay)) {
      const base = between(random, profile.purchase);
      if (isSoda) {
        const food = random.chance(0.65);
        const supplier = random.pick(FOOD_SUPPLIERS);
        const tax = share(base, food ? 100n : 1300n);
        if (food) iva.credit1 += tax;
        else iva.credit13 += tax;
        payables.push({ supplier, amount: base + tax, due: addDays(date, 15) });
        add(date, food ? `Compra de alimentos a ${supplier}` : `Compra de bebidas a ${supplier}`, [
          dr(food ? A.foodCost : A.drinksCost, base),
          dr(food ? A.ivaCredit1 : A.ivaCredit13, tax),
          cr(A.suppliers, base + tax),
        ]);
      } else {
        const supplier = random.pick(HARDWARE_SUPPLIERS);
        const tax = share(base, 1300n);
        iva.credit13 += tax;
        payables.push({ supplier, amount: base + tax, due: addDays(date, 30) });
        add(date, `Compra de mercadería a ${supplier}`, [
          dr(A.merchandise, base),
          dr(A.ivaCredit13, tax),
          cr(A.suppliers, base + tax),
        ]);
      }
    }
    const due = payables.filter((p) => p.due <= lastDay);
    payables = payables.filter((p) => p.due > lastDay);
    for (const [i, payable] of due.entries()) {
      add(
        payable.due,
        `Pago a ${payable.supplier}`,
        [dr(A.suppliers, payable.amount), cr(!isSoda && i % 4 === 3 ? A.bankPopular : A.bankBN, payable.amount)],
        "Transferencia",
      );
    }

    // Services and overheads, most with IVA crédito 13 %.
    const expense = (
      day: number,
      description: string,
      account: string,
      amount: Cts,
      withIva: boolean,
      bank: string = A.bankBN,
    ) => {
      const date = inMonth(day);
      if (!date) return;
      const tax = withIva ? share(amount, 1300n) : 0n;
      iva.credit13 += tax;
      const lines = [dr(account, amount)];
      if (tax > 0n) lines.push(dr(A.ivaCredit13, tax));
      lines.push(cr(bank, amount + tax));
      add(date, description, lines);
    };
    const wobble = (amount: number, spread: number) => colones(amount * (1 + (random.next() - 0.5) * spread));
    expense(1, "Alquiler del local", A.rent, colones(profile.rent), true, isSoda ? A.bankBCR : A.bankBN);
    expense(5, "Servicio eléctrico (CNFL)", A.electricity, wobble(isSoda ? 310_000 : 185_000, 0.3), true);
    expense(6, "Servicio de agua (AyA)", A.water, wobble(isSoda ? 68_000 : 32_000, 0.3), false);
    expense(8, "Teléfono e internet", A.phone, colones(isSoda ? 38_500 : 64_900), true);
    expense(9, "Honorarios contables del mes", A.accountingFees, colones(isSoda ? 180_000 : 350_000), true);
    expense(12, "Sistema de facturación electrónica", A.software, colones(isSoda ? 18_000 : 29_000), true);
    expense(18, "Artículos de limpieza", A.cleaning, wobble(isSoda ? 72_000 : 41_000, 0.4), true);
    expense(25, "Comisiones bancarias y de datáfono", A.bankFees, wobble(isSoda ? 52_000 : 118_000, 0.3), false);
    if (!isSoda) {
      expense(11, "Combustible del camión de reparto", A.fuel, wobble(210_000, 0.3), false);
      expense(20, "Publicidad en redes sociales", A.advertising, wobble(85_000, 0.4), true);
      if (random.chance(0.35))
        expense(16, "Mantenimiento del camión de reparto", A.vehicleRepairs, wobble(260_000, 0.5), true);
    } else {
      expense(15, "Gas LP para la cocina", A.fuel, wobble(46_000, 0.3), false);
      expense(20, "Servicio de seguridad nocturna", A.security, colones(95_000), true);
    }
    if (month.endsWith("-01"))
      expense(20, "Patente municipal (trimestre)", A.municipalTaxes, colones(isSoda ? 85_000 : 190_000), false);

    // Loan instalment: interest on the balance and principal.
    const loanDay = inMonth(22);
    if (loanDay) {
      const interest = colones(profile.loanInstalment * profile.loanInterestRate * 12 * 0.55);
      const principal = colones(profile.loanInstalment) - interest;
      add(
        loanDay,
        "Cuota del préstamo bancario",
        [dr(A.loan, principal), dr(A.loanInterest, interest), cr(A.bankBN, principal + interest)],
        "Préstamo BN",
      );
    }

    // Partial income-tax payments (March, June, September, December).
    const partialDay = inMonth(15);
    if (partialDay && ["03", "06", "09", "12"].includes(month.slice(5))) {
      add(
        partialDay,
        "Pago parcial del impuesto sobre la renta (D-101)",
        [dr(A.partialIncomeTax, colones(profile.partialIncomeTax)), cr(A.bankBN, colones(profile.partialIncomeTax))],
        "D-101",
      );
    }

    // Month end: cost of sales, payroll with CCSS charges and provisions, depreciation.
    if (monthEnd <= to) {
      if (!isSoda) {
        const cost = (netSales * BigInt(600 + random.int(0, 40))) / 1000n;
        add(monthEnd, "Costo de la mercadería vendida del mes", [dr(A.costOfGoods, cost), cr(A.merchandise, cost)]);
      }
      const gross = wobble(profile.payroll, 0.04);
      const employer = share(gross, CCSS_EMPLOYER);
      const worker = share(gross, CCSS_WORKER);
      const salaryTax = isSoda ? 0n : colones(38_600);
      const net = gross - worker - salaryTax;
      const payrollLines = [
        dr(A.salaries, gross),
        dr(A.employerCharges, employer),
        cr(A.salariesPayable, net),
        cr(A.ccssEmployer, employer),
        cr(A.ccssWorker, worker),
      ];
      if (salaryTax > 0n) payrollLines.push(cr(A.salaryTaxWithheld, salaryTax));
      add(monthEnd, "Planilla del mes y cargas sociales CCSS", payrollLines, `PL-${month}`);
      add(monthEnd, "Pago de salarios del mes", [dr(A.salariesPayable, net), cr(A.bankBN, net)], `PL-${month}`);
      add(monthEnd, "Provisión de aguinaldo y vacaciones", [
        dr(A.aguinaldo, share(gross, AGUINALDO)),
        dr(A.vacations, share(gross, VACATIONS)),
        cr(A.provisionAguinaldo, share(gross, AGUINALDO)),
        cr(A.provisionVacations, share(gross, VACATIONS)),
      ]);
      if (salaryTax > 0n)
        add(
          monthEnd,
          "Pago del impuesto al salario retenido",
          [dr(A.salaryTaxWithheld, salaryTax), cr(A.bankBN, salaryTax)],
          "D-103",
        );
      const depreciation = profile.depreciation.map((item) => ({ ...item, amount: colones(item.monthly) }));
      add(monthEnd, "Depreciación del mes", [
        ...depreciation.map((item) => dr(item.expense, item.amount)),
        ...depreciation.map((item) => cr(item.accumulated, item.amount)),
      ]);
      pendingCcss = { employer, worker };
      pendingIva = { ...iva };
    }
  }

  // A few drafts the accountant has not posted yet, in the last days.
  const draftDay = to;
  entries.push(
    {
      draft: true,
      input: {
        date: draftDay,
        description: "Compra de computadora para la caja (falta la factura)",
        reference: "",
        lines: [
          dr(A.computers, colones(isSoda ? 385_000 : 540_000)),
          dr(A.ivaCredit13, share(colones(isSoda ? 385_000 : 540_000), 1300n)),
        ],
      },
    },
    {
      draft: true,
      input: {
        date: draftDay,
        description: "Ajuste de inventario por conteo físico (por revisar)",
        reference: "",
        lines: [
          dr(isSoda ? A.foodCost : A.costOfGoods, colones(isSoda ? 23_400 : 118_250)),
          cr(isSoda ? A.supplies : A.merchandise, colones(isSoda ? 23_400 : 118_250)),
        ],
      },
    },
  );
  if (!isSoda) {
    entries.push({
      draft: true,
      input: {
        date: draftDay,
        description: "Intereses ganados en la cuenta del Banco Popular",
        reference: "",
        lines: [dr(A.bankPopular, colones(12_840)), cr(A.interestEarned, colones(12_840))],
      },
    });
  }
  return entries.sort((a, b) => (a.input.date < b.input.date ? -1 : a.input.date > b.input.date ? 1 : 0));
}

/** Balances on 1 January: what the business owned and owed when the demo books start. */
function openingEntry(isSoda: boolean, date: CalendarDate): EntryInput {
  const debits: Array<[string, Cts]> = isSoda
    ? [
        [A.cash, colones(350_000)],
        [A.pettyCash, colones(50_000)],
        [A.bankBCR, colones(4_850_000)],
        [A.bankBN, colones(6_200_000)],
        [A.supplies, colones(640_000)],
        [A.insurancePrepaid, colones(240_000)],
        [A.machinery, colones(8_640_000)],
        [A.furniture, colones(2_520_000)],
        [A.guaranteeDeposits, colones(650_000)],
      ]
    : [
        [A.cash, colones(600_000)],
        [A.pettyCash, colones(100_000)],
        [A.bankBN, colones(18_400_000)],
        [A.bankPopular, colones(7_250_000)],
        [A.receivables, colones(9_860_000)],
        [A.merchandise, colones(46_300_000)],
        [A.insurancePrepaid, colones(980_000)],
        [A.furniture, colones(6_960_000)],
        [A.computers, colones(2_490_000)],
        [A.vehicles, colones(29_400_000)],
        [A.guaranteeDeposits, colones(1_350_000)],
      ];
  const credits: Array<[string, Cts]> = isSoda
    ? [
        [A.depMachinery, colones(2_592_000)],
        [A.depFurniture, colones(756_000)],
        [A.suppliers, colones(1_180_000)],
        [A.provisionAguinaldo, colones(0)],
        [A.loan, colones(5_400_000)],
        [A.capital, colones(6_000_000)],
        [A.legalReserve, colones(600_000)],
      ]
    : [
        [A.depFurniture, colones(2_088_000)],
        [A.depComputers, colones(996_000)],
        [A.depVehicles, colones(8_820_000)],
        [A.suppliers, colones(14_750_000)],
        [A.loan, colones(18_900_000)],
        [A.capital, colones(40_000_000)],
        [A.legalReserve, colones(4_000_000)],
      ];
  const debit = debits.reduce((sum, [, amount]) => sum + amount, 0n);
  const credit = credits.reduce((sum, [, amount]) => sum + amount, 0n);
  // Whatever the assets exceed the liabilities, capital and reserve by: profits kept from earlier years.
  credits.push([A.retainedEarnings, debit - credit]);
  return {
    date,
    description: "Asiento de apertura: saldos iniciales del período",
    reference: "Apertura",
    lines: [
      ...debits.map(([account, amount]) => dr(account, amount)),
      ...credits.filter(([, amount]) => amount > 0n).map(([account, amount]) => cr(account, amount)),
    ],
  };
}
