/**
 * What the IVA page shows, amounts already formatted (es-CR, ₡): the page's components read these
 * types, the service builds them.
 */
export interface ReceiptView {
  id: string;
  kind: string;
  consecutivo: string;
  /** Costa Rica calendar date of issue, dd/mm/aaaa. */
  fecha: string;
  counterpart: string;
  moneda: string;
  base: string;
  tax: string;
  third: string;
  note: string;
}

export interface FigureView {
  id: string;
  title: string;
  thirdHeader: string;
  receipts: ReceiptView[];
}

export type VatSection = "debito" | "credito" | "resultado";

export interface VatLineView {
  section: VatSection;
  label: string;
  base: string;
  tax: string;
  other: string;
  amount: string;
  bold: boolean;
  figure: string | null;
}

export interface VatConditionView {
  id: string;
  label: string;
  tax: string;
  creditable: string;
  nonCreditable: string;
  count: number;
}

export interface VatResultView {
  label: string;
  amount: string;
  favour: boolean;
  previousMonth: string | null;
  carriedFromDeclaration: boolean;
  previousCreditBalance: string;
  nonCreditable: string;
  hasNonCreditable: boolean;
}

export interface VatReconciliationRowView {
  side: "debito" | "credito";
  account: string;
  accountLabel: string;
  fromReceipts: string;
  fromBooks: string;
  difference: string;
  differs: boolean;
}

export interface VatPendingView {
  id: string;
  kind: string;
  consecutivo: string;
  fecha: string;
  counterpart: string;
  tax: string;
  reason: string;
}

export interface VatDeclarationView {
  version: number;
  at: string;
  by: string;
  entry: { id: string; number: string } | null;
  /** Recorded afterwards from a settlement entry posted before declarations were kept. */
  fromEntry: boolean;
  stale: boolean;
  differences: { label: string; declared: string; current: string }[];
  arrived: ReceiptView[];
  goneCount: number;
  versions: { version: number; status: string; at: string; entryNumber: string | null }[];
}

export interface VatSettlementView {
  id: string;
  number: string;
  date: string;
}

export interface VatPageView {
  month: string;
  monthLabel: string;
  previousMonth: string;
  nextMonth: string;
  monthNotEnded: boolean;
  receiptCount: number;
  columns: Record<VatSection, readonly string[]>;
  sectionTitles: Record<VatSection, string>;
  lines: VatLineView[];
  conditions: VatConditionView[];
  result: VatResultView;
  excludedCount: number;
  unansweredCount: number;
  pending: VatPendingView[];
  prorrata: { year: number; value: string; stored: boolean };
  reconciliation: { rows: VatReconciliationRowView[]; unbookedCount: number; differs: boolean };
  settlement: VatSettlementView | null;
  declaration: VatDeclarationView | null;
  /** The month was liquidated before declarations were kept: its entry stands, no declaration says what. */
  undeclared: boolean;
  figure: FigureView | null;
  unknownFigure: boolean;
}
