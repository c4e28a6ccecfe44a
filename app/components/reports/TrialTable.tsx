import { Table } from "@mantine/core";
import type { TrialRowView, AmountView } from "~/domain/reports";
import { useStaticMarkup } from "~/utils/static-markup";
import { Amount } from "./Amount";
import { useLinkNavigation } from "./useLinkNavigation";
import { TableScrollRegion } from "~/components/TableScrollRegion";

const numeric = { ta: "right", style: { whiteSpace: "nowrap" } } as const;

/** Balance de Comprobación: saldo inicial, débitos, créditos, saldo final (debit positive, credit in parentheses). */
export function TrialTable({
  rows,
  totals,
  caption,
  hrefOf,
  rowsKey,
}: {
  rows: TrialRowView[];
  totals: { opening: AmountView; debit: AmountView; credit: AmountView; closing: AmountView };
  caption: string;
  hrefOf: (code: string) => string;
  /** Names the rows' figures (equal keys, equal rows): their markup is then rendered once on the server. */
  rowsKey?: string;
}) {
  const rowsRef = useLinkNavigation<HTMLTableSectionElement>();
  const markup = useStaticMarkup();
  const renderRows = () => <TrialRows rows={rows} hrefOf={hrefOf} />;
  // Every link differs from the others only by its account code, so one sample names them all.
  const html = markup && rowsKey ? markup(`trial-rows\n${rowsKey}\n${hrefOf("")}`, renderRows) : null;
  return (
    <TableScrollRegion label={caption} minWidth={760}>
      <Table verticalSpacing={4} highlightOnHover data-testid="trial-table">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Código</Table.Th>
            <Table.Th scope="col">Cuenta</Table.Th>
            <Table.Th scope="col" {...numeric}>
              Saldo inicial
            </Table.Th>
            <Table.Th scope="col" {...numeric}>
              Débitos
            </Table.Th>
            <Table.Th scope="col" {...numeric}>
              Créditos
            </Table.Th>
            <Table.Th scope="col" {...numeric}>
              Saldo final
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        {/* Body rows as plain elements (app.css .report-rows): hundreds per request (decision 116),
            rendered once per figures and links on the server (decision 118). */}
        <tbody
          className="report-rows"
          ref={rowsRef}
          {...(html === null ? { children: renderRows() } : { dangerouslySetInnerHTML: { __html: html } })}
        />
        <Table.Tfoot>
          <Table.Tr data-testid="trial-totals">
            <Table.Th scope="row" colSpan={2}>
              Totales
            </Table.Th>
            <Table.Td {...numeric}>
              <Amount value={totals.opening} strong />
            </Table.Td>
            <Table.Td {...numeric} data-testid="total-debit">
              <Amount value={totals.debit} strong />
            </Table.Td>
            <Table.Td {...numeric} data-testid="total-credit">
              <Amount value={totals.credit} strong />
            </Table.Td>
            <Table.Td {...numeric}>
              <Amount value={totals.closing} strong />
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </TableScrollRegion>
  );
}

/** The body rows, exactly as the browser renders them over the server's markup. */
export function TrialRows({ rows, hrefOf }: { rows: TrialRowView[]; hrefOf: (code: string) => string }) {
  return (
    <>
      {rows.map((row) => {
        const href = hrefOf(row.code);
        const strong = row.level === 1;
        return (
          <tr key={row.code} data-code={row.code}>
            <td className="report-code">{row.code}</td>
            <td
              className={strong ? "report-strong" : undefined}
              style={{
                paddingLeft: `calc(var(--table-horizontal-spacing, var(--mantine-spacing-xs)) + ${row.level - 1}rem)`,
              }}
            >
              {row.label}
            </td>
            <td className="report-number" data-testid="opening">
              <Amount value={row.opening} href={href} label={`${row.label}, saldo inicial`} strong={strong} />
            </td>
            <td className="report-number" data-testid="debit">
              <Amount value={row.debit} href={href} label={`${row.label}, débitos`} strong={strong} />
            </td>
            <td className="report-number" data-testid="credit">
              <Amount value={row.credit} href={href} label={`${row.label}, créditos`} strong={strong} />
            </td>
            <td className="report-number" data-testid="closing">
              <Amount value={row.closing} href={href} label={`${row.label}, saldo final`} strong={strong} />
            </td>
          </tr>
        );
      })}
    </>
  );
}
