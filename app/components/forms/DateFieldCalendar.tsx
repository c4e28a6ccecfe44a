import { DatePicker, DatesProvider } from "@mantine/dates";
import "dayjs/locale/es.js";
import type { CalendarDate } from "~/domain/calendar";

/**
 * The calendar of a DateField, in Spanish, weeks from Monday. A module of its own so that the date
 * library is loaded when a person first opens a calendar, not with every page that has a date field.
 */
export default function DateFieldCalendar({
  chosen,
  onPick,
}: {
  chosen: CalendarDate | null;
  onPick: (day: string | null) => void;
}) {
  return (
    <DatesProvider settings={{ locale: "es", firstDayOfWeek: 1 }}>
      <DatePicker value={chosen} defaultDate={chosen ?? undefined} onChange={onPick} />
    </DatesProvider>
  );
}
