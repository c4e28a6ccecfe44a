import { Anchor, Group, Paper, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { FigureView } from "~/domain/iva/view";
import { ReceiptsTable } from "./ReceiptsTable";

export function FigureDetail({
  figure,
  closeHref,
  receiptHref,
}: {
  figure: FigureView;
  closeHref: string;
  receiptHref: (id: string) => string;
}) {
  return (
    <Paper withBorder p="md" data-testid="iva-figure">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {figure.title}
        </Title>
        <Anchor component={Link} to={closeHref} size="sm">
          Cerrar detalle
        </Anchor>
      </Group>
      {figure.receipts.length === 0 ? (
        <Text c="dimmed">Ningún comprobante.</Text>
      ) : (
        <ReceiptsTable
          label={figure.title}
          receipts={figure.receipts}
          thirdHeader={figure.thirdHeader}
          receiptHref={receiptHref}
        />
      )}
    </Paper>
  );
}
