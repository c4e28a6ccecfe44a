/** The Comprobantes month view: which receipts, how they read on screen, and the month's totals. */
import { found, refusal, refused, type Result } from "~/domain/refusal";
import { z } from "zod";
import {
  countReceipts,
  listReceipts,
  nearestMonthWithReceipts,
  sumReceipts,
  type ReceiptDirection,
  type ReceiptListFilter,
  type ReceiptSummary,
} from "~models/receipt";
import { currentMonth, monthLabel, parseMonth, shiftMonth } from "~/domain/calendar";
import { KIND_INFO, MENSAJE_RECEPTOR_LABELS, type ReceiptKind } from "~/domain/hacienda";
import { centsToAmount, formatColones, formatExchangeRate, formatMoney, type Cents } from "~/domain/money";
import type { CentimosTotals } from "~/domain/receipts/centimos";
import { countsInTotals } from "~/domain/receipts/effect";
import { columnText, haciendaStatusOf, RECEIPT_COLUMNS } from "~/domain/receipts/columns";
import { arrivalLabel } from "~/domain/receipts/labels";
import { searchDigits, searchText } from "~/domain/text";
import type { OrganizationSummary } from "~/utils/account.server";
import { notAnswerableReason } from "./receipts-detail.server";
import type { MonthRow, MonthTotals } from "~/domain/receipts/view";
export type { MonthRow, MonthTotals } from "~/domain/receipts/view";

export const PAGE_SIZE = 50;
export const RECEIPT_TABS = ["emitidos", "recibidos"] as const;
export type ReceiptTab = (typeof RECEIPT_TABS)[number];

const DIRECTION_BY_TAB: Record<ReceiptTab, ReceiptDirection> = { emitidos: "issued", recibidos: "received" };

export const MONTH_FORMAT_MESSAGE = "El mes debe tener el formato AAAA-MM, por ejemplo 2025-10.";

const monthQuerySchema = z.object({
  month: z
    .string()
    .optional()
    .refine((value) => value === undefined || value === "" || parseMonth(value) !== null, {
      message: MONTH_FORMAT_MESSAGE,
    }),
  tab: z.enum(RECEIPT_TABS).catch("emitidos"),
  q: z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim().slice(0, 100)),
  page: z.coerce.number().int().min(1).catch(1),
});

export interface MonthQuery {
  month: string;
  tab: ReceiptTab;
  q: string;
  page: number;
}

/** `?month=2025-10&tab=recibidos&q=…&page=2`; a malformed month is refused with a Spanish message. */
export function readMonthQuery(url: URL, now: Date = new Date()): Result<MonthQuery> {
  const params = url.searchParams;
  const parsed = monthQuerySchema.safeParse({
    month: params.get("month") ?? undefined,
    tab: params.get("tab") ?? undefined,
    q: params.get("q") ?? undefined,
    page: params.get("page") ?? undefined,
  });
  if (!parsed.success) return refused(refusal(parsed.error.issues[0]?.message ?? MONTH_FORMAT_MESSAGE));
  const { month, tab, q, page } = parsed.data;
  return found({ month: parseMonth(month) ?? currentMonth(now), tab, q, page });
}

export function listFilter(organizationId: string, query: Pick<MonthQuery, "month" | "tab" | "q">): ReceiptListFilter {
  const text = searchText(query.q);
  const digits = searchDigits(query.q);
  return {
    organizationId,
    direction: DIRECTION_BY_TAB[query.tab],
    month: query.month,
    ...(text || digits ? { search: { text, digits } } : {}),
  };
}

/** The list's row: the shared receipt columns (the exports write the same values), formatted for the screen. */
export function monthRow(receipt: ReceiptSummary): MonthRow {
  const column = RECEIPT_COLUMNS;
  const kind = receipt.kind as ReceiptKind;
  const foreign = receipt.moneda !== "CRC";
  return {
    id: String(receipt._id),
    fecha: columnText(column.fecha, receipt),
    kind,
    kindLabel: column.tipo.value(receipt),
    kindTitle: KIND_INFO[kind]?.label ?? kind,
    consecutivo: column.consecutivo.value(receipt),
    contraparte: column.contraparte.value(receipt),
    contraparteId: column.identificacion.value(receipt) || null,
    moneda: column.moneda.value(receipt),
    tipoCambio: foreign ? formatExchangeRate(column.tipoCambio.value(receipt)) : null,
    subtotal: formatColones(column.subtotalColones.value(receipt)),
    iva: formatColones(column.ivaColones.value(receipt)),
    otrosCargos: formatColones(column.otrosCargosColones.value(receipt)),
    ivaDevuelto:
      column.ivaDevueltoColones.value(receipt) === 0n ? null : formatColones(column.ivaDevueltoColones.value(receipt)),
    total: formatColones(column.totalColones.value(receipt)),
    totalOriginal: foreign ? formatMoney(column.total.value(receipt), receipt.moneda) : null,
    effect: receipt.effect,
    counts: countsInTotals({ effect: receipt.effect, haciendaEstado: receipt.hacienda?.estado }),
    haciendaStatus: haciendaStatusOf(receipt),
    haciendaLabel: column.estadoHacienda.value(receipt),
    answerLabel: receipt.receptorMessage
      ? MENSAJE_RECEPTOR_LABELS[receipt.receptorMessage.mensaje]
      : notAnswerableReason(receipt)
        ? "—"
        : "Pendiente",
    warnings: receipt.warnings?.length ?? 0,
    arrivalLabel: arrivalLabel(receipt.arrivedBy),
  };
}

const colonesOf = (value: Cents) => formatColones(centsToAmount(value));

/** The month's totals as the screen shows them: sums of the rows' céntimos. */
export function monthTotals(totals: CentimosTotals): MonthTotals {
  return {
    counted: totals.counted,
    subtotal: colonesOf(totals.subtotal),
    iva: colonesOf(totals.iva),
    otrosCargos: colonesOf(totals.otrosCargos),
    ivaDevuelto: totals.ivaDevuelto === 0n ? null : colonesOf(totals.ivaDevuelto),
    total: colonesOf(totals.total),
  };
}

export interface MonthView {
  organization: { cedula: string; name: string };
  month: string;
  monthLabel: string;
  previousMonth: string;
  nextMonth: string;
  tab: ReceiptTab;
  q: string;
  page: number;
  pageCount: number;
  pageSize: number;
  count: number;
  rows: MonthRow[];
  totals: MonthTotals;
  /** For an empty month: the nearest month that has receipts in this tab. */
  nearest: { month: string; label: string } | null;
}

export async function loadMonthView(organization: OrganizationSummary, query: MonthQuery): Promise<MonthView> {
  const filter = listFilter(organization.id, query);
  const [count, totals] = await Promise.all([countReceipts(filter), sumReceipts(filter)]);
  const pageCount = Math.max(1, Math.ceil(count / PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const receipts = count === 0 ? [] : await listReceipts(filter, { skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  const nearestMonth =
    count === 0 && !filter.search
      ? await nearestMonthWithReceipts(organization.id, filter.direction, query.month)
      : null;
  return {
    organization: { cedula: organization.cedula, name: organization.name },
    month: query.month,
    monthLabel: monthLabel(query.month),
    previousMonth: shiftMonth(query.month, -1),
    nextMonth: shiftMonth(query.month, 1),
    tab: query.tab,
    q: query.q,
    page,
    pageCount,
    pageSize: PAGE_SIZE,
    count,
    rows: receipts.map(monthRow),
    totals: monthTotals(totals),
    nearest: nearestMonth ? { month: nearestMonth, label: monthLabel(nearestMonth) } : null,
  };
}
