import { Alert, Button, Group, List, Text, Title } from "@mantine/core";

/** Title, organization, period, the export buttons and any message about the query. */
export function ReportHeader({
  title,
  organization,
  periodText,
  exportHrefs,
  messages,
}: {
  title: string;
  organization: { name: string; cedula: string };
  periodText: string;
  exportHrefs: { xlsx: string; csv: string; pdf: string };
  messages: string[];
}) {
  return (
    <>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>{title}</Title>
          <Text c="dimmed" size="sm" data-testid="report-subtitle">
            {organization.name} · {organization.cedula} · {periodText}
          </Text>
        </div>
        <Group gap="xs">
          <Button component="a" href={exportHrefs.xlsx} variant="default" download data-testid="export-xlsx">
            Exportar XLSX
          </Button>
          <Button component="a" href={exportHrefs.csv} variant="default" download data-testid="export-csv">
            Exportar CSV
          </Button>
          <Button component="a" href={exportHrefs.pdf} variant="default" download data-testid="export-pdf">
            Exportar PDF
          </Button>
        </Group>
      </Group>
      {messages.length > 0 && (
        <Alert
          color="red"
          styles={{ title: { color: "var(--mantine-color-text)" } }}
          title="Revise los filtros"
          data-testid="query-messages"
        >
          <List size="sm">
            {messages.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
          <Text size="sm" mt="xs">
            Se muestra el reporte con los valores predeterminados en su lugar.
          </Text>
        </Alert>
      )}
    </>
  );
}

/** A standing fact of the books, shown on every visit: a note, not an alert that interrupts a screen reader. */
export function UnclassifiedWarning({ amount }: { amount: string }) {
  return (
    <Alert
      role="note"
      color="yellow"
      styles={{ title: { color: "var(--mantine-color-text)" } }}
      title="Hay partidas por clasificar"
      data-testid="unclassified-warning"
    >
      El grupo 70 Por clasificar tiene {amount}: son asientos pendientes de clasificar en su cuenta definitiva, y las
      cifras del reporte pueden cambiar al clasificarlos.
    </Alert>
  );
}
