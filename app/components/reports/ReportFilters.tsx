import { Button, Checkbox, Group, NativeSelect, TextInput } from "@mantine/core";
import { Form } from "@remix-run/react";
import { DateField } from "~/components/forms/DateField";
import { keptParamFields } from "~/utils/links";

export interface FilterValues {
  period: "month" | "quarter" | "year" | "range";
  month: string;
  quarter: string;
  year: string;
  from: string;
  to: string;
  level: string;
  zero: "hide" | "show";
  compare: "none" | "previous" | "lastYear" | "date";
  /** The other date the Balance General compares with (compare=date). */
  compareTo: string;
  leaf: boolean;
}

const LEVEL_OPTIONS = ["1", "2", "3", "4", "5"].map((value) => ({ value, label: `Nivel ${value}` }));
const PERIOD_OPTIONS = [
  { value: "month", label: "Mes" },
  { value: "quarter", label: "Trimestre" },
  { value: "year", label: "Año" },
  { value: "range", label: "Rango de fechas" },
];

/**
 * The report's filters as a GET form: the query lands in the URL, so it works without JavaScript,
 * can be bookmarked and feeds the exports. Every period field is filled; «Período» says which counts.
 */
export function ReportFilters({
  action,
  values,
  current,
  atDate = false,
  withComparison = true,
  withLeafOnly = false,
}: {
  action: string;
  values: FilterValues;
  current: URLSearchParams;
  /** The Balance General: one date instead of a period. */
  atDate?: boolean;
  withComparison?: boolean;
  withLeafOnly?: boolean;
}) {
  const compareOptions = atDate
    ? [
        { value: "none", label: "Sin comparación" },
        { value: "previous", label: "Cierre del mes anterior" },
        { value: "lastYear", label: "Misma fecha del año anterior" },
        { value: "date", label: "Otra fecha" },
      ]
    : [
        { value: "none", label: "Sin comparación" },
        { value: "previous", label: "Período anterior" },
        { value: "lastYear", label: "Mismo período del año anterior" },
      ];
  const key = JSON.stringify(values);
  return (
    <Form method="get" action={action} aria-label="Filtros del reporte" data-testid="report-filters" key={key}>
      {keptParamFields(current, ["menu"]).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Group align="flex-end" gap="sm" wrap="wrap">
        {atDate ? (
          <DateField name="to" label="Fecha" defaultValue={values.to} required w={170} />
        ) : (
          <>
            <NativeSelect name="period" label="Período" data={PERIOD_OPTIONS} defaultValue={values.period} w={160} />
            <TextInput
              type="month"
              name="month"
              label="Mes"
              defaultValue={values.month}
              w={160}
              placeholder="AAAA-MM"
            />
            <TextInput
              name="quarter"
              label="Trimestre"
              defaultValue={values.quarter}
              w={110}
              placeholder="2026-Q3"
              pattern="20[0-9]{2}-[QqTt][1-4]"
            />
            <TextInput type="number" name="year" label="Año" defaultValue={values.year} w={100} min={2000} max={2099} />
            <DateField name="from" label="Desde" defaultValue={values.from} w={160} />
            <DateField name="to" label="Hasta" defaultValue={values.to} w={160} />
          </>
        )}
        <NativeSelect name="level" label="Nivel de detalle" data={LEVEL_OPTIONS} defaultValue={values.level} w={130} />
        <NativeSelect
          name="zero"
          label="Cuentas en cero"
          data={[
            { value: "hide", label: "Ocultar" },
            { value: "show", label: "Mostrar" },
          ]}
          defaultValue={values.zero}
          w={130}
        />
        {withComparison && (
          <NativeSelect
            name="compare"
            label="Comparar con"
            data={compareOptions}
            defaultValue={values.compare}
            w={240}
          />
        )}
        {withComparison && atDate && (
          <DateField
            name="compareTo"
            label="Otra fecha"
            description="Con «Comparar con: otra fecha»"
            defaultValue={values.compareTo}
            w={170}
          />
        )}
        {withLeafOnly && (
          <Checkbox name="leaf" value="1" label="Solo cuentas de detalle" defaultChecked={values.leaf} mb={8} />
        )}
        <Button type="submit" variant="filled">
          Ver reporte
        </Button>
      </Group>
    </Form>
  );
}
