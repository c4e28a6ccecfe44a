import { TextInput } from "@mantine/core";
import { DateInput, DatesProvider } from "@mantine/dates";
import { useIsomorphicEffect } from "@mantine/hooks";
import "dayjs/locale/es.js";
import { useRef, useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import {
  DATE_INPUT_PATTERN,
  DATE_INPUT_PLACEHOLDER,
  formatCalendarDate,
  readDateInput,
  type CalendarDate,
} from "~/domain/calendar";

export interface DateFieldProps {
  /** Form field name: the day is posted under it as dd/mm/aaaa (read it with `dateInputSchema`). */
  name: string;
  /** A CalendarDate (`YYYY-MM-DD`), or the text a person posted (re-rendered as it was, even when refused). */
  defaultValue?: string | null;
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  id?: string;
  /** Passed to the input (a submit on change, a test hook …). */
  onChange?: (date: CalendarDate | null) => void;
  /** The form the input belongs to, when it is outside it. */
  form?: string;
  size?: "xs" | "sm" | "md" | "lg" | "xl";
  w?: number | string;
}

/** What the field shows and posts for a value: dd/mm/aaaa for a real day, the posted text otherwise. */
export function dateFieldText(value: string | null | undefined): string {
  if (!value) return "";
  const read = readDateInput(value);
  return read.ok ? formatCalendarDate(read.date) : value;
}

function calendarValue(text: string | null | undefined): CalendarDate | null {
  if (!text) return null;
  const read = readDateInput(text);
  return read.ok ? read.date : null;
}

/**
 * The app's one date input. Before JavaScript runs (or without it) a plain text input that takes
 * dd/mm/aaaa (placeholder and native pattern); once hydrated, Mantine's DateInput in Spanish with a
 * calendar, which posts the same dd/mm/aaaa text under the same name. The action reads either with
 * `dateInputSchema` (app/domain/calendar-schema.ts).
 */
export function DateField({
  name,
  defaultValue,
  label,
  description,
  error,
  required,
  disabled,
  id,
  onChange,
  form,
  size,
  w,
}: DateFieldProps) {
  const hydrated = useHydrated();
  const plainInput = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState<CalendarDate | null>(() => calendarValue(defaultValue));

  // What was typed in the plain input before hydration carries over to the calendar input.
  useIsomorphicEffect(() => {
    const typed = plainInput.current?.value;
    if (!hydrated && typed !== undefined && typed !== dateFieldText(defaultValue)) setValue(calendarValue(typed));
  }, [hydrated]);

  if (!hydrated) {
    return (
      <TextInput
        ref={plainInput}
        id={id}
        name={name}
        form={form}
        defaultValue={dateFieldText(defaultValue)}
        placeholder={DATE_INPUT_PLACEHOLDER}
        pattern={DATE_INPUT_PATTERN}
        title={DATE_INPUT_PLACEHOLDER}
        autoComplete="off"
        label={label}
        description={description}
        error={error}
        required={required}
        disabled={disabled}
        size={size}
        w={w}
      />
    );
  }

  return (
    <DatesProvider settings={{ locale: "es", firstDayOfWeek: 1 }}>
      <DateInput
        id={id}
        value={value}
        onChange={(next) => {
          const date = calendarValue(next);
          setValue(date);
          onChange?.(date);
        }}
        dateParser={(text) => calendarValue(text)}
        valueFormat="DD/MM/YYYY"
        placeholder={DATE_INPUT_PLACEHOLDER}
        clearable={!required}
        clearButtonProps={{ "aria-label": "Borrar la fecha" }}
        label={label}
        description={description}
        error={error}
        required={required}
        disabled={disabled}
        size={size}
        w={w}
        autoComplete="off"
        popoverProps={{ withinPortal: true }}
      />
      <input type="hidden" name={name} form={form} value={value ? formatCalendarDate(value) : ""} />
    </DatesProvider>
  );
}
