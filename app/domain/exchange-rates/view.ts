/** What the pages show of a day's rate: text only (no bigints on the wire). */
import { formatCalendarDate } from "../calendar";
import { formatMoneyInput } from "../money";
import { formatRate, RATE_SOURCE_LABELS, type DailyRate, type RateSource } from "./rate";

export interface RateRowView {
  date: string;
  dateLabel: string;
  buy: string;
  sell: string;
  /** «Banco Central», «Hacienda», «Ingresado a mano», or «Del 20/11/2026» for a carried day. */
  origin: string;
  carried: boolean;
  manual: boolean;
}

export function rateRowView(day: DailyRate & { source: RateSource }): RateRowView {
  return {
    date: day.date,
    dateLabel: formatCalendarDate(day.date),
    buy: formatRate(day.buy),
    sell: formatRate(day.sell),
    origin: day.carriedFrom
      ? `Del ${formatCalendarDate(day.carriedFrom)} (${RATE_SOURCE_LABELS[day.source]})`
      : RATE_SOURCE_LABELS[day.source],
    carried: !!day.carriedFrom,
    manual: day.source === "manual" && !day.carriedFrom,
  };
}

/** The sell rate as a form field shows it for editing ("512,34"): what an invoice in dollars prefills. */
export function rateInputText(rate: DailyRate): string {
  return formatMoneyInput(rate.sell, 5).replace(/0+$/, "").replace(/,$/, "");
}
