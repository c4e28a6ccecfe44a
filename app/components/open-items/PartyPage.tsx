import { Alert, Anchor, Button, Group, List, Stack, Text, Title } from "@mantine/core";
import { Form, Link, useLocation } from "@remix-run/react";
import { DateField } from "~/components/forms/DateField";
import { appHref, keptParamFields } from "~/utils/links";
import type { CatalogNode } from "~/domain/catalog";
import type { PartyPageView, Side } from "~/domain/open-items";
import { SIDE_TEXTS } from "./labels";
import { PartyDocuments } from "./PartyDocuments";
import { PartyMailForm } from "./PartyMailForm";
import { PartyReps } from "./PartyReps";
import { PartySettingsForm } from "./PartySettingsForm";
import { PartySettlements } from "./PartySettlements";
import { PartyStatementTable } from "./PartyStatementTable";

export interface ActionMessage {
  intent?: string;
  error?: string;
}

/** The statement of account of one counterparty, its documents and payments; admins register and undo here. */
export function PartyPage({
  side,
  data,
  organization,
  admin,
  catalog,
  actionData,
}: {
  side: Side;
  data: PartyPageView;
  organization: { name: string; cedula: string };
  admin: boolean;
  catalog: CatalogNode[] | null;
  actionData?: ActionMessage | null;
}) {
  const texts = SIDE_TEXTS[side];
  const current = new URLSearchParams(useLocation().search);
  const base = `${texts.path}/${data.party.id}`;
  const range = `from=${data.from}&to=${data.to}`;
  const exportHref = (extension: string) =>
    appHref(`${base}/statement.${extension}?${range}`, current, { menu: null, showSidebar: null });
  const errorOf = (intent: string) => (actionData?.intent === intent ? actionData.error : undefined);
  const section = { side, data, admin, catalog, action: appHref(base, current), errorOf };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Anchor component={Link} to={appHref(`${texts.path}?at=${data.to}`, current)} size="sm">
            ← {texts.title}
          </Anchor>
          <Title order={1}>Estado de cuenta</Title>
          <Text c="dimmed" size="sm" data-testid="party-subtitle">
            {texts.party}: {data.party.nombre}
            {data.party.cedula ? ` · ${data.party.cedula}` : ""}
            {data.party.correo ? ` · ${data.party.correo}` : ""} · {organization.name} · {data.periodText}
          </Text>
        </div>
        <Group gap="xs">
          <Button component="a" href={exportHref("pdf")} variant="default" download data-testid="export-pdf">
            Exportar PDF
          </Button>
          <Button component="a" href={exportHref("xlsx")} variant="default" download data-testid="export-xlsx">
            Exportar XLSX
          </Button>
          <Button component="a" href={exportHref("csv")} variant="default" download data-testid="export-csv">
            Exportar CSV
          </Button>
        </Group>
      </Group>
      <PartyMailForm {...section} />
      {data.messages.length > 0 && (
        <Alert color="red" title="Revise las fechas" data-testid="query-messages">
          <List size="sm">
            {data.messages.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Form method="get" action={base} aria-label="Período del estado de cuenta">
        {keptParamFields(current, ["menu"]).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Group align="flex-end" gap="sm">
          <DateField name="from" label="Desde" defaultValue={data.from} required w={170} />
          <DateField name="to" label="Hasta" defaultValue={data.to} required w={170} />
          <Button type="submit" variant="default">
            Ver
          </Button>
        </Group>
      </Form>

      <PartyStatementTable {...section} />
      {data.statement.truncated && (
        <Alert color="orange">El período tiene más movimientos de los que se muestran: elija un rango más corto.</Alert>
      )}

      <Title order={2}>Documentos</Title>
      <PartyDocuments {...section} />
      <PartyReps {...section} />

      <PartySettlements {...section} />

      <Title order={2}>Datos de la contraparte</Title>
      <PartySettingsForm {...section} />
    </Stack>
  );
}
