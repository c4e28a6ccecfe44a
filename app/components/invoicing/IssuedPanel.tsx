import { Anchor, Badge, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { appHref } from "~/utils/links";
import type { IssuedView } from "~/domain/invoicing/view";

/** An issued document: its numbers, Hacienda's state, and its files and notes. */
export function IssuedPanel({
  issued,
  invoiceId,
  current,
}: {
  issued: IssuedView;
  invoiceId: string;
  current: URLSearchParams;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="invoice-issued">
      <Group justify="space-between">
        <Title order={2} size="h4" id="invoice-issued">
          Comprobante emitido
        </Title>
        <Badge
          variant="outline"
          color={issued.status === "rechazado" || issued.status === "error" ? "red" : "blue"}
          data-testid="invoice-status"
        >
          {issued.statusLabel}
        </Badge>
      </Group>
      <Stack gap={4} mt="sm">
        <Text size="sm">Consecutivo: {issued.consecutivo}</Text>
        <Text size="sm">Clave: {issued.clave}</Text>
        <Text size="sm">Emitido el {issued.fechaEmision}</Text>
        <Text size="sm" fw={600}>
          Total: {issued.total}
        </Text>
        {issued.reason && (
          <Text size="sm" c="red.9">
            {issued.reason}
          </Text>
        )}
      </Stack>
      <Group mt="md">
        <Anchor component={Link} to={appHref(`/detail/${issued.receiptId}`, current)}>
          Ver el comprobante
        </Anchor>
        <Anchor href={appHref(`/admin/invoice/${invoiceId}/pdf`, current)}>Descargar PDF</Anchor>
        <Anchor href={appHref(`/detail/${issued.receiptId}/xml`, current)}>Descargar XML firmado</Anchor>
        <Anchor component={Link} to={appHref(`/admin/invoice?nota=NC&de=${invoiceId}`, current)}>
          Crear nota de crédito
        </Anchor>
        <Anchor component={Link} to={appHref(`/admin/invoice?nota=ND&de=${invoiceId}`, current)}>
          Crear nota de débito
        </Anchor>
      </Group>
    </Paper>
  );
}
