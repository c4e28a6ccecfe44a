/** What the open-items pages receive from their loaders: texts ready to show, no bigints. */

export interface AgingPageView {
  at: string;
  atText: string;
  messages: string[];
  /** The counterparties are listed a page at a time; the totals and the agreement cover all of them. */
  page: number;
  pageCount: number;
  partyCount: number;
  pageSize: number;
  rows: Array<{ partyId: string; nombre: string; cedula: string; buckets: string[]; total: string; openCount: number }>;
  totals: { buckets: string[]; total: string };
  agreement: {
    controlAccount: string;
    control: string;
    items: string;
    agrees: boolean;
    difference: string;
    unbooked: string | null;
    unbookedCount: number;
    /** Rejected receipts whose entry still stands (reverse it): in the books, not in the open items. */
    rejected: string | null;
    rejectedCount: number;
    other: string | null;
    /** Imported opening balances still open: they explain the control account's opening entry. */
    opening: string | null;
    openingCount: number;
  };
}

export interface PartyPageView {
  party: {
    id: string;
    nombre: string;
    cedula: string;
    correo: string | null;
    paymentTermDays: number | null;
    salesAccount: string | null;
    purchaseAccount: string | null;
    notes: string | null;
  };
  from: string;
  to: string;
  periodText: string;
  messages: string[];
  today: string;
  defaultMoneyAccount: string | null;
  /** Recibos electrónicos de pago naming its open documents, not registered yet (admins register them). */
  reps: Array<{
    clave: string;
    label: string;
    date: string;
    isoDate: string;
    amount: string;
    applications: Array<{ itemId: string; label: string; amount: string; amountInput: string }>;
  }>;
  /** The latest «Enviar por correo» of this statement, newest first. */
  mails: Array<{ text: string; failed: boolean }>;
  statement: {
    opening: string;
    closing: string;
    truncated: boolean;
    lines: Array<{ date: string; kind: string; description: string; charge: string; payment: string; balance: string }>;
  };
  items: Array<{
    id: string;
    label: string;
    fecha: string;
    dueDate: string;
    overdue: boolean;
    currency: string;
    amount: string;
    balance: string;
    /** Documents in dollars: the US$ still open. */
    dollars: string | null;
    /** What «Monto a aplicar» takes for all it owes: colones, or US$ for a document in dollars. */
    balanceInput: string | null;
    state: string;
    settledAtIssue: boolean;
    movements: Array<{ date: string; what: string; amount: string }>;
  }>;
  settlements: Array<{
    id: string;
    date: string;
    isoDate: string;
    applied: string;
    received: string | null;
    entryNumber: string | null;
    reversedOn: string | null;
    reversalEntryNumber: string | null;
    reference: string | null;
    /** A cobro / pago in dollars: «USD 1 000,00 a ₡512,34». */
    dollars: string | null;
  }>;
}
