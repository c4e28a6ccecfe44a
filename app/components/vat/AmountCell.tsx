import { Table } from "@mantine/core";

export function AmountCell({ children, bold }: { children: string; bold?: boolean }) {
  return (
    <Table.Td ta="right" style={{ whiteSpace: "nowrap", fontWeight: bold ? 700 : undefined }}>
      {children}
    </Table.Td>
  );
}
