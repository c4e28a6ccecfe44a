import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { getFormProps } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { z } from "zod";
import { FormError } from "~/components/FormError";
import { formErrorOf, inputProps, replyFor, useSchemaForm } from "~/components/forms/conform";
import { MonthNavigation } from "~/components/receipts/MonthNavigation";
import { appHref } from "~/components/shell/links";
import { monthLabel } from "~/domain/calendar";
import { prorrataSchema } from "~/domain/iva";
import { loadVatPage, readVatMonth } from "~/services/vat/vat-page.server";
import { setProrrata } from "~/services/vat/vat-return.server";
import { reverseSettlement, settleVat } from "~/services/vat/vat-settlement.server";
import { parseSubmission, readForm, replyWithErrors } from "~/utils/form.server";
import { badRequest, notFound } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { redirectWithSuccess } from "~/utils/toast.server";
import { TableScrollRegion } from "~/components/TableScrollRegion";

export const meta: MetaFunction = () => [{ title: "IVA · Contabilidad CR" }];

const PRORRATA_FORM = prorrataSchema.extend({ intent: z.literal("prorrata") });
const INTENTS = ["liquidar", "revertir", "prorrata"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const url = new URL(request.url);
  const month = readVatMonth(url);
  const page = await loadVatPage(organization.id, month, url.searchParams.get("figure"));
  if (page.unknownFigure) throw notFound("Esa cifra no está en la declaración de este mes.");
  return json({ organization: { name: organization.name, cedula: organization.cedula }, ...page });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, organization } = await requireOrgContext(request, { admin: true });
  const url = new URL(request.url);
  const month = readVatMonth(url);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (!INTENTS.includes(intent as (typeof INTENTS)[number])) throw badRequest("Acción desconocida.");
  const back = appHref(`/admin/vat?${new URLSearchParams({ org: organization.cedula, month })}`, url.searchParams);
  const actor = { by: String(user._id) };
  if (intent === "prorrata") {
    const submission = parseSubmission(form, PRORRATA_FORM);
    if (submission.status !== "success") return replyWithErrors(submission);
    await setProrrata(organization.id, submission.value.year, submission.value.prorrata, actor.by);
    return redirectWithSuccess(back, `Prorrata de ${submission.value.year} guardada.`);
  }
  if (intent === "liquidar") {
    const outcome = await settleVat(organization.id, month, actor);
    if (outcome.ok)
      return redirectWithSuccess(back, `IVA de ${monthLabel(month)} liquidado: asiento ${outcome.entry.number}.`);
    return json({ intent, message: outcome.message, already: outcome.already ?? null }, { status: 409 });
  }
  const outcome = await reverseSettlement(organization.id, month, actor);
  if (outcome.ok)
    return redirectWithSuccess(
      back,
      `Liquidación revertida con el asiento ${outcome.reversal.number}; puede liquidar de nuevo.`,
    );
  return json({ intent, message: outcome.message, already: null }, { status: 409 });
}

type PageData = ReturnType<typeof useLoaderData<typeof loader>>;

function AmountCell({ children, bold }: { children: string; bold?: boolean }) {
  return (
    <Table.Td ta="right" style={{ whiteSpace: "nowrap", fontWeight: bold ? 700 : undefined }}>
      {children}
    </Table.Td>
  );
}

function ReturnSection({
  data,
  section,
  figureHref,
}: {
  data: PageData;
  section: "debito" | "credito" | "resultado";
  figureHref: (figure: string) => string;
}) {
  const [title, ...headers] = data.columns[section];
  const lines = data.lines.filter((line) => line.section === section);
  const amountsOnly = section === "resultado";
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">
        {data.sectionTitles[section]}
      </Title>
      <TableScrollRegion label={data.sectionTitles[section]} minWidth={640}>
        <Table striped data-testid={`iva-${section}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{title}</Table.Th>
              {(amountsOnly ? headers.slice(-1) : headers).map((header) => (
                <Table.Th key={header} ta="right">
                  {header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => (
              <Table.Tr key={line.label}>
                <Table.Td fw={line.bold ? 700 : undefined}>
                  {line.figure ? (
                    <Anchor component={Link} to={figureHref(line.figure)} data-testid={`figure-${line.figure}`}>
                      {line.label}
                    </Anchor>
                  ) : (
                    line.label
                  )}
                </Table.Td>
                {!amountsOnly && <AmountCell bold={line.bold}>{line.base}</AmountCell>}
                {!amountsOnly && <AmountCell bold={line.bold}>{line.tax}</AmountCell>}
                {!amountsOnly && <AmountCell bold={line.bold}>{line.other}</AmountCell>}
                <AmountCell bold={line.bold}>{line.amount}</AmountCell>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScrollRegion>
    </Paper>
  );
}

export default function VatPage() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const current = new URLSearchParams(useLocation().search);
  const base = { org: data.organization.cedula, month: data.month };
  const pageHref = (params: Record<string, string>) => appHref(`/admin/vat?${new URLSearchParams(params)}`, current);
  const figureHref = (figure: string) => pageHref({ ...base, figure });
  const fileHref = (extension: string) => `/admin/vat.${extension}?${new URLSearchParams(base)}`;
  const detailHref = (id: string) => appHref(`/detail/${id}?${new URLSearchParams({ org: base.org })}`, current);
  const message = result && "message" in result ? (result as { message: string; intent: string }) : null;
  const already =
    message && "already" in message ? (message as { already: { id: string; number: string } | null }).already : null;
  const [prorrataForm, prorrataFields] = useSchemaForm(PRORRATA_FORM, {
    id: "prorrata",
    lastResult: replyFor(result, "prorrata"),
    defaultValue: { prorrata: data.prorrata.value, year: String(data.prorrata.year), intent: "prorrata" },
  });
  const actionPath = pageHref(base);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>IVA</Title>
          <Text c="dimmed" size="sm">
            {data.organization.name} · {data.organization.cedula} · Formulario 150 (D-104), por tarifa
          </Text>
        </div>
        <MonthNavigation
          label={data.monthLabel}
          previousHref={pageHref({ ...base, month: data.previousMonth })}
          nextHref={pageHref({ ...base, month: data.nextMonth })}
          previousLabel={monthLabel(data.previousMonth)}
          nextLabel={monthLabel(data.nextMonth)}
        />
        <Group gap="xs">
          <Button component="a" href={fileHref("xlsx")} variant="default" download>
            Exportar XLSX
          </Button>
          <Button component="a" href={fileHref("pdf")} variant="default" download>
            Exportar PDF
          </Button>
        </Group>
      </Group>

      {data.receiptCount === 0 && (
        <Alert color="gray">
          No hay comprobantes de {data.monthLabel} en la aplicación: la declaración queda en cero.
        </Alert>
      )}

      <Paper withBorder p="md" data-testid="iva-result">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Text size="sm" c="dimmed">
              Resultado de {data.monthLabel}
            </Text>
            <Title order={2} size="h3">
              {data.result.label}: {data.result.amount}
            </Title>
            <Text size="sm" c="dimmed">
              {data.result.previousMonth
                ? `Saldo a favor traído de ${data.result.previousMonth}: ${data.result.previousCreditBalance}.`
                : "El mes anterior no está en la aplicación: no se trae saldo a favor."}
            </Text>
          </div>
          <Stack gap={4} align="flex-end">
            {data.result.hasNonCreditable && (
              <Anchor component={Link} to={figureHref("no-acreditable")} size="sm">
                IVA no acreditable (a costo o gasto): {data.result.nonCreditable}
              </Anchor>
            )}
            {data.excludedCount > 0 && (
              <Anchor component={Link} to={figureHref("no-incluidos")} size="sm">
                {data.excludedCount} comprobante(s) del mes no entran en la declaración
              </Anchor>
            )}
          </Stack>
        </Group>
      </Paper>

      <Paper withBorder p="md" data-testid="iva-settlement">
        <Title order={2} size="h4" mb="xs">
          Liquidación del mes
        </Title>
        {message && (
          <Alert color={already ? "yellow" : "red"} mb="sm" role="alert">
            {message.message}
            {already && (
              <>
                {" "}
                <Anchor component={Link} to={appHref(`/entries/view/${already.id}`, current)}>
                  Ver asiento {already.number}
                </Anchor>
              </>
            )}
          </Alert>
        )}
        {data.settlement ? (
          <Group justify="space-between" wrap="wrap">
            <Text>
              Liquidado con el asiento{" "}
              <Anchor component={Link} to={appHref(`/entries/view/${data.settlement.id}`, current)}>
                {data.settlement.number}
              </Anchor>{" "}
              del {data.settlement.date}.
            </Text>
            <Group gap="xs">
              <Form method="post" action={actionPath}>
                <input type="hidden" name="intent" value="liquidar" />
                <Button type="submit" variant="default">
                  Liquidar IVA del mes
                </Button>
              </Form>
              <Form method="post" action={actionPath}>
                <input type="hidden" name="intent" value="revertir" />
                <Button type="submit" color="red" variant="light">
                  Revertir liquidación
                </Button>
              </Form>
            </Group>
          </Group>
        ) : (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">
              Registra el asiento: IVA débito contra IVA crédito, y la diferencia a IVA por pagar o a saldo a favor.
            </Text>
            <Form method="post" action={actionPath}>
              <input type="hidden" name="intent" value="liquidar" />
              <Button type="submit">Liquidar IVA del mes</Button>
            </Form>
          </Group>
        )}
      </Paper>

      {data.figure && (
        <Paper withBorder p="md" data-testid="iva-figure">
          <Group justify="space-between" mb="xs">
            <Title order={2} size="h4">
              {data.figure.title}
            </Title>
            <Anchor component={Link} to={pageHref(base)} size="sm">
              Cerrar detalle
            </Anchor>
          </Group>
          {data.figure.receipts.length === 0 ? (
            <Text c="dimmed">Ningún comprobante.</Text>
          ) : (
            <TableScrollRegion label={data.figure.title} minWidth={800}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Comprobante</Table.Th>
                    <Table.Th>Fecha</Table.Th>
                    <Table.Th>Contraparte</Table.Th>
                    <Table.Th ta="right">Base imponible</Table.Th>
                    <Table.Th ta="right">IVA</Table.Th>
                    <Table.Th ta="right">{data.figure.thirdHeader}</Table.Th>
                    <Table.Th>Observación</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.figure.receipts.map((receipt, index) => (
                    <Table.Tr key={`${receipt.id}-${index}`}>
                      <Table.Td>
                        <Anchor component={Link} to={detailHref(receipt.id)}>
                          {receipt.kind} {receipt.consecutivo}
                        </Anchor>
                        {receipt.moneda && receipt.moneda !== "CRC" ? ` (${receipt.moneda})` : ""}
                      </Table.Td>
                      <Table.Td>{receipt.fecha}</Table.Td>
                      <Table.Td>{receipt.counterpart}</Table.Td>
                      <AmountCell>{receipt.base}</AmountCell>
                      <AmountCell>{receipt.tax}</AmountCell>
                      <AmountCell>{receipt.third}</AmountCell>
                      <Table.Td>{receipt.note}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScrollRegion>
          )}
        </Paper>
      )}

      <ReturnSection data={data} section="debito" figureHref={figureHref} />
      <ReturnSection data={data} section="credito" figureHref={figureHref} />

      {data.conditions.length > 0 && (
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="xs">
            Crédito fiscal por condición del impuesto
          </Title>
          <TableScrollRegion label="Crédito fiscal por condición del impuesto" minWidth={640}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Condición</Table.Th>
                  <Table.Th ta="right">Comprobantes</Table.Th>
                  <Table.Th ta="right">IVA pagado</Table.Th>
                  <Table.Th ta="right">Acreditable</Table.Th>
                  <Table.Th ta="right">No acreditable</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.conditions.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      <Anchor component={Link} to={figureHref(row.id)}>
                        {row.label}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right">{row.count}</Table.Td>
                    <AmountCell>{row.tax}</AmountCell>
                    <AmountCell>{row.creditable}</AmountCell>
                    <AmountCell>{row.nonCreditable}</AmountCell>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
        </Paper>
      )}

      <ReturnSection data={data} section="resultado" figureHref={figureHref} />

      <Paper withBorder p="md">
        <Form method="post" action={actionPath} {...getFormProps(prorrataForm)} noValidate>
          <input type="hidden" name="intent" value="prorrata" />
          <input type="hidden" name="year" value={data.prorrata.year} />
          <Group align="flex-end" wrap="wrap">
            <TextInput
              {...inputProps(prorrataFields.prorrata)}
              label={`Prorrata provisional de ${data.prorrata.year} (%)`}
              description={
                data.prorrata.stored
                  ? "Se aplica al IVA de las compras con condición 05 (proporcionalidad)."
                  : "Sin definir: se usa 100 %. Calcúlela con las operaciones del año anterior (art. 34 RLIVA)."
              }
              w={320}
            />
            <Button type="submit" variant="default">
              Guardar prorrata
            </Button>
          </Group>
          <FormError message={formErrorOf(prorrataForm)} />
        </Form>
      </Paper>

      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">
          Conciliación con la contabilidad
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          Saldos del mes de las cuentas de IVA (sin el asiento de liquidación) junto a las cifras de los comprobantes.
        </Text>
        {data.reconciliation.rows.length === 0 ? (
          <Text c="dimmed">Ni los comprobantes ni las cuentas de IVA tienen movimientos este mes.</Text>
        ) : (
          <TableScrollRegion label="Conciliación con la contabilidad" minWidth={640}>
            <Table striped data-testid="iva-reconciliation">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Cuenta</Table.Th>
                  <Table.Th ta="right">Según comprobantes</Table.Th>
                  <Table.Th ta="right">Según contabilidad</Table.Th>
                  <Table.Th ta="right">Diferencia</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.reconciliation.rows.map((row) => (
                  <Table.Tr key={`${row.side}-${row.account}`}>
                    <Table.Td>
                      {row.side === "debito" ? "IVA débito" : "IVA crédito"} · {row.account} {row.accountLabel}
                    </Table.Td>
                    <AmountCell>{row.fromReceipts}</AmountCell>
                    <AmountCell>{row.fromBooks}</AmountCell>
                    <Table.Td ta="right" c={row.differs ? "red.9" : undefined} style={{ whiteSpace: "nowrap" }}>
                      {row.difference}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
        )}
        {data.reconciliation.unbookedCount > 0 && (
          <Anchor component={Link} to={figureHref("sin-contabilizar")} size="sm">
            {data.reconciliation.unbookedCount} comprobante(s) de la declaración sin asiento contable
          </Anchor>
        )}
      </Paper>
    </Stack>
  );
}
