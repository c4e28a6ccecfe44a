import { Anchor, Button, Group, Stack, Table, Text, Title } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { BankLinesTable } from "~/components/bank/BankLinesTable";
import { ProposalList } from "~/components/bank/ProposalList";
import { MonthClosePanel } from "~/components/bank/MonthClosePanel";
import { ReconciliationTable } from "~/components/bank/ReconciliationTable";
import { FormError } from "~/components/FormError";
import { PageLinks } from "~/components/PageLinks";
import { TableScrollRegion } from "~/components/TableScrollRegion";
import { BANK_LINE_STATE_LABELS } from "~/domain/bank/view";
import { countLabel, dateText } from "~/domain/text";
import { formatDateTime, parseMonth } from "~/domain/calendar";
import { MONTH_CLOSE_MESSAGES } from "~/domain/bank/month-close";
import {
  BANK_LINES_PER_PAGE,
  bankAccountPage,
  readLineState,
  readPage,
  readReconciliationDate,
} from "~/services/bank/pages.server";
import { bankAccountOf, saveMapping } from "~/services/bank/accounts.server";
import { readCsvMappingForm } from "~/domain/bank/account-form";
import { CsvMappingFields } from "~/components/bank/BankAccountForm";
import {
  acceptBookProposals,
  acceptProposal,
  PROPOSALS_TOKEN,
  setExcluded,
  undoMatch,
} from "~/services/bank/matching.server";
import { applyRules } from "~/services/bank/rules.server";
import { closeMonth, reopenMonth } from "~/services/bank/month-close.server";
import { readForm } from "~/utils/form.server";
import { refusal, refused } from "~/domain/refusal";
import { refusalStatus, valueOrRefusal } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { redirectWithSuccess } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Movimientos de la cuenta bancaria · Contabilidad CR" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { organization, membership } = await requireOrgContext(request, { admin: true });
  const search = new URL(request.url).searchParams;
  const page = valueOrRefusal(
    await bankAccountPage(organization.id, params.accountID ?? "", {
      state: readLineState(search.get("state")),
      page: readPage(search.get("page")),
      at: readReconciliationDate(search.get("at")),
    }),
  );
  return json({
    organization: { name: organization.name, cedula: organization.cedula },
    canReopen: membership.isSuperAdmin || membership.isRoot,
    ...page,
  });
}

const ID = /^[0-9a-f]{24}$/i;

export async function action({ request, params }: ActionFunctionArgs) {
  const { organization, user, membership } = await requireOrgContext(request, { admin: true });
  const account = valueOrRefusal(await bankAccountOf(organization.id, params.accountID ?? ""));
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const here = new URL(request.url);
  if (intent === "apply-rules") {
    const applied = await applyRules(account, String(user._id));
    if (!applied.ok) return json({ message: applied.refusals[0].message }, { status: refusalStatus(applied.refusals) });
    return redirectWithSuccess(`${here.pathname}${here.search}`, applied.message);
  }
  if (intent === "accept-book-proposals") {
    // The page names the proposals it showed; a form without the name accepts the current ones.
    const token = form.get("proposals");
    if (token !== null && !(typeof token === "string" && PROPOSALS_TOKEN.test(token)))
      return json({ message: "Vuelva a cargar la página y acepte las propuestas que muestra." }, { status: 400 });
    const accepted = await acceptBookProposals(account, String(user._id), token ?? undefined);
    if (!accepted.ok)
      return json({ message: accepted.refusals[0].message }, { status: refusalStatus(accepted.refusals) });
    return redirectWithSuccess(`${here.pathname}${here.search}`, accepted.message);
  }
  if (intent === "close-month" || intent === "reopen-month") {
    const month = parseMonth(String(form.get("month") ?? ""));
    if (!month) return json({ message: "Elija el mes." }, { status: 400 });
    if (intent === "reopen-month" && !(membership.isSuperAdmin || membership.isRoot))
      return json({ message: MONTH_CLOSE_MESSAGES.onlySuperAdmin }, { status: 403 });
    const outcome =
      intent === "close-month"
        ? await closeMonth(account, month, String(user._id))
        : await reopenMonth(account, month, String(user._id));
    if (!outcome.ok) return json({ message: outcome.refusals[0].message }, { status: refusalStatus(outcome.refusals) });
    return redirectWithSuccess(`${here.pathname}${here.search}`, outcome.message);
  }
  if (intent === "save-mapping") {
    const fields: Record<string, string> = {};
    for (const [name, value] of form)
      if (typeof value === "string" && value.trim() !== "" && !(name in fields)) fields[name] = value.slice(0, 10);
    const read = readCsvMappingForm(fields);
    if (!read.ok) return json({ message: "Revise las columnas marcadas.", errors: read.errors }, { status: 400 });
    const saved = await saveMapping(account, read.value, String(user._id));
    if (!saved.ok) return json({ message: saved.refusals[0].message }, { status: refusalStatus(saved.refusals) });
    return redirectWithSuccess(`${here.pathname}${here.search}`, saved.message);
  }
  const lineId = String(form.get("lineId") ?? "");
  if (!ID.test(lineId)) return json({ message: "Elija un movimiento." }, { status: 400 });
  const outcome =
    intent === "accept"
      ? await acceptProposal(account, lineId, String(user._id))
      : intent === "exclude" || intent === "include"
        ? await setExcluded(account, lineId, intent === "exclude")
        : intent === "undo"
          ? await undoMatch(account, lineId, String(user._id))
          : refused(refusal("La acción solicitada no existe."));
  if (!outcome.ok) return json({ message: outcome.refusals[0].message }, { status: refusalStatus(outcome.refusals) });
  return redirectWithSuccess(`${here.pathname}${here.search}`, outcome.message);
}

export default function BankAccountPage() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const { account, counts, organization } = data;
  const total = counts.pendiente + counts.conciliado + counts.excluido;
  const hrefOf = (query: { state?: string | null; page?: number }) => {
    const search = new URLSearchParams({ org: organization.cedula });
    if (query.state) search.set("state", query.state);
    if (query.page && query.page > 1) search.set("page", String(query.page));
    return `/admin/bank/${account.id}?${search}`;
  };
  const shown = data.state ? counts[data.state] : total;
  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to={`/admin/bank?${new URLSearchParams({ org: organization.cedula })}`} size="sm">
          ← Cuentas bancarias
        </Anchor>
        <Title order={1}>
          {account.bankLabel} · {account.iban || account.number}
        </Title>
        <Text c="dimmed" size="sm">
          {organization.name} · {account.currency} · cuenta contable {account.ledgerAccount} {account.ledgerLabel}
        </Text>
      </div>
      <FormError message={refused?.message} />
      <Group gap="md" data-testid="bank-line-counts">
        <Text size="sm">{countLabel(counts.pendiente, "movimiento pendiente", "movimientos pendientes")}</Text>
        <Text size="sm">{countLabel(counts.conciliado, "conciliado", "conciliados")}</Text>
        <Text size="sm">{countLabel(counts.excluido, "excluido", "excluidos")}</Text>
      </Group>
      <Group component="nav" aria-label="Filtrar por estado" gap="md">
        {([null, "pendiente", "conciliado", "excluido"] as const).map((state) => (
          <Anchor
            key={state ?? "todos"}
            component={Link}
            to={hrefOf({ state })}
            fw={data.state === state ? 700 : undefined}
            aria-current={data.state === state ? "page" : undefined}
          >
            {state ? BANK_LINE_STATE_LABELS[state] : "Todos"}
          </Anchor>
        ))}
      </Group>
      <section aria-labelledby="bank-reconciliation-title">
        <Title order={2} size="h3" id="bank-reconciliation-title" mb="xs">
          Conciliación
        </Title>
        <ReconciliationTable
          reconciliation={data.reconciliation}
          hidden={{ org: organization.cedula, ...(data.state ? { state: data.state } : {}) }}
        />
        <MonthClosePanel
          date={data.reconciliation.date}
          months={data.months}
          canReopen={data.canReopen}
          fileHref={(extension) =>
            `/admin/bank/${account.id}/reconciliation.${extension}?${new URLSearchParams({
              org: organization.cedula,
              at: data.reconciliation.date,
            })}`
          }
        />
      </section>
      <section aria-labelledby="bank-proposals-title">
        <Title order={2} size="h3" id="bank-proposals-title" mb="xs">
          Propuestas
        </Title>
        <ProposalList
          proposals={data.proposals}
          total={data.proposalCount}
          bookTotal={data.bookProposalCount}
          bookToken={data.bookProposalsToken}
        />
      </section>
      <section aria-labelledby="bank-rules-title">
        <Title order={2} size="h3" id="bank-rules-title" mb="xs">
          Reglas bancarias
        </Title>
        <Group gap="md" align="center">
          <Form method="post">
            <input type="hidden" name="intent" value="apply-rules" />
            <Button type="submit" size="sm" disabled={counts.pendiente === 0}>
              Aplicar reglas
            </Button>
          </Form>
          <Anchor
            component={Link}
            to={`/admin/bank/${account.id}/rules?${new URLSearchParams({ org: organization.cedula })}`}
          >
            Ver y editar las reglas
          </Anchor>
        </Group>
        <Text size="sm" c="dimmed" mt="xs">
          Registra con un asiento los movimientos pendientes que una regla toma (comisiones, intereses, cargas de la
          CCSS) y que no tienen propuesta.
        </Text>
      </section>
      <section aria-labelledby="bank-lines-title">
        <Title order={2} size="h3" id="bank-lines-title" mb="xs">
          Movimientos
        </Title>
        <Stack gap="sm">
          <PageLinks
            page={data.page}
            pageCount={data.pages}
            count={shown}
            pageSize={BANK_LINES_PER_PAGE}
            noun={["movimiento", "movimientos"]}
            hrefOf={(page) => hrefOf({ state: data.state, page })}
            testId="bank-lines-count"
          />
          <BankLinesTable lines={data.lines} />
        </Stack>
      </section>
      {(account.format === "csv" || account.hasMapping) && (
        <section aria-labelledby="bank-mapping-title">
          <Title order={2} size="h3" id="bank-mapping-title" mb="xs">
            Columnas del CSV
          </Title>
          <Form method="post">
            <Stack gap="sm">
              <input type="hidden" name="intent" value="save-mapping" />
              <CsvMappingFields
                values={data.mappingValues}
                errors={refused && "errors" in refused ? (refused.errors ?? {}) : {}}
                legend="Cómo se leen los archivos CSV de esta cuenta"
              />
              <Button type="submit" size="sm" style={{ alignSelf: "flex-start" }}>
                Guardar columnas
              </Button>
            </Stack>
          </Form>
        </section>
      )}
      <section aria-labelledby="bank-imports-title">
        <Title order={2} size="h3" id="bank-imports-title" mb="xs">
          Últimas importaciones
        </Title>
        {data.imports.length === 0 ? (
          <Text c="dimmed">Aún no se ha importado ningún estado de cuenta.</Text>
        ) : (
          <TableScrollRegion label="Últimas importaciones" minWidth={560}>
            <Table withTableBorder data-testid="bank-imports">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Archivo</Table.Th>
                  <Table.Th>Período</Table.Th>
                  <Table.Th>Movimientos</Table.Th>
                  <Table.Th>Importado</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.imports.map((statement) => (
                  <Table.Tr key={statement.id}>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>
                      {statement.fileName} · {statement.formatLabel}
                    </Table.Td>
                    <Table.Td>
                      {dateText(statement.from)} al {dateText(statement.to)}
                    </Table.Td>
                    <Table.Td>
                      {countLabel(statement.newCount, "nuevo", "nuevos")} de {statement.lineCount}
                    </Table.Td>
                    <Table.Td>{formatDateTime(statement.importedAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
        )}
      </section>
    </Stack>
  );
}
