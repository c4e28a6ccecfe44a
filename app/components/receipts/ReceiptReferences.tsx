import { Anchor, Stack, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ReferenceView } from "~/domain/receipts/view";
import { detailHref } from "./links";
import { SimpleTable } from "./SimpleTable";

/** The documents a receipt refers to, linked to their own page when they are stored too. */
export function ReceiptReferences({
  references,
  current,
  org,
}: {
  references: ReferenceView[];
  current: URLSearchParams;
  org: string;
}) {
  return (
    <Stack gap="xs" component="section" aria-label="Referencias">
      <Title order={2} size="h4">
        Referencias
      </Title>
      <SimpleTable
        testId="receipt-references"
        label="Tabla de referencias"
        rows={references}
        keyOf={(row, index) => `${row.numero}-${index}`}
        columns={[
          { header: "Documento", cell: (row) => row.tipo },
          {
            header: "Número",
            cell: (row) =>
              row.receiptId ? (
                <Anchor component={Link} to={detailHref(current, org, row.receiptId)} ff="monospace" size="xs">
                  {row.numero}
                </Anchor>
              ) : (
                <Text ff="monospace" size="xs">
                  {row.numero}
                </Text>
              ),
          },
          { header: "Fecha", cell: (row) => row.fecha },
          { header: "Código", cell: (row) => row.codigo },
          { header: "Razón", cell: (row) => row.razon },
        ]}
      />
    </Stack>
  );
}
