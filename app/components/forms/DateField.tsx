import { ActionIcon, Loader, Popover, TextInput } from "@mantine/core";
import { lazy, Suspense, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import {
  DATE_INPUT_PATTERN,
  DATE_INPUT_PLACEHOLDER,
  formatCalendarDate,
  readDateInput,
  type CalendarDate,
} from "~/domain/calendar";

// Loaded when a calendar is first opened (the dropdown renders only while open).
const DateFieldCalendar = lazy(() => import("./DateFieldCalendar"));

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
  /** Called when the text becomes a day (or is emptied). */
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

/** Why the typed text is not a day (Spanish), or null when it is one or is blank. */
export function dateFieldProblem(text: string): string | null {
  if (text.trim() === "") return null;
  const read = readDateInput(text);
  return read.ok ? null : read.message;
}

function calendarValue(text: string | null | undefined): CalendarDate | null {
  if (!text) return null;
  const read = readDateInput(text);
  return read.ok ? read.date : null;
}

// React tracks an input's value: a value set from code must go through the native setter and an input
// event, so React, conform and the form see it as if it was typed.
function typeInto(input: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, text);
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.dispatchEvent(new Event("change", { bubbles: true }));
}

/**
 * The app's one date input: a text field that takes dd/mm/aaaa, posted under its name and read by the
 * action with `dateInputSchema` (app/domain/calendar-schema.ts). It is the same uncontrolled `<input>` before
 * and after the page's script runs (decision 200), so what a person types before hydration is kept;
 * once hydrated it says at once why a text is not a day, and a button beside it opens a calendar in
 * Spanish that writes the chosen day into the field.
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
  const input = useRef<HTMLInputElement>(null);
  // The browser's own check of the text; undefined until the person leaves or edits the field.
  const [problem, setProblem] = useState<string | null | undefined>(undefined);
  const [calendarOpen, setCalendarOpen] = useState(false);
  const [chosen, setChosen] = useState<CalendarDate | null>(null);

  const check = (text: string) => {
    const message = dateFieldProblem(text);
    setProblem(message);
    input.current?.setCustomValidity(message ?? "");
    return message;
  };

  const calendar = hydrated && !disabled && (
    <Popover opened={calendarOpen} onChange={setCalendarOpen} position="bottom-end" withinPortal trapFocus returnFocus>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label="Elegir la fecha en el calendario"
          onClick={() => {
            setChosen(calendarValue(input.current?.value));
            setCalendarOpen((open) => !open);
          }}
        >
          <CalendarIcon />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Suspense fallback={<Loader size="sm" aria-label="Cargando el calendario" />}>
          <DateFieldCalendar
            chosen={chosen}
            onPick={(day) => {
              const date = calendarValue(day);
              if (!date || !input.current) return;
              typeInto(input.current, formatCalendarDate(date));
              check(input.current.value);
              setCalendarOpen(false);
              input.current.focus();
            }}
          />
        </Suspense>
      </Popover.Dropdown>
    </Popover>
  );

  return (
    <TextInput
      ref={input}
      id={id}
      name={name}
      form={form}
      defaultValue={dateFieldText(defaultValue)}
      placeholder={DATE_INPUT_PLACEHOLDER}
      pattern={DATE_INPUT_PATTERN}
      title={DATE_INPUT_PLACEHOLDER}
      inputMode="numeric"
      autoComplete="off"
      label={label}
      description={description}
      error={problem ?? error}
      required={required}
      disabled={disabled}
      size={size}
      w={w}
      rightSection={calendar || undefined}
      onBlur={(event) => check(event.currentTarget.value)}
      onChange={(event) => {
        const text = event.currentTarget.value;
        // A shown refusal follows the typing; a new one waits until the person leaves the field.
        if (problem) check(text);
        else input.current?.setCustomValidity("");
        if (text.trim() === "" || calendarValue(text)) onChange?.(calendarValue(text));
      }}
    />
  );
}

function CalendarIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
      <rect x={3} y={5} width={18} height={16} rx={2} />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}
