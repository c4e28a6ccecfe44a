import { Group, Pagination, Text } from "@mantine/core";
import { Link } from "@remix-run/react";

/** Server-side pages as links (?page=), so paging works without JavaScript. */
export function PageLinks({
  page,
  pageCount,
  count,
  pageSize,
  noun,
  hrefOf,
  testId,
}: {
  page: number;
  pageCount: number;
  count: number;
  pageSize: number;
  /** Singular and plural: ["asiento", "asientos"]. */
  noun: [string, string];
  hrefOf: (page: number) => string;
  testId?: string;
}) {
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(count, page * pageSize);
  return (
    <Group justify="space-between" wrap="wrap">
      <Text size="sm" c="dimmed" data-testid={testId} data-count={count}>
        {count === 1
          ? `1 ${noun[0]}`
          : count <= pageSize
            ? `${count} ${noun[1]}`
            : `${first}–${last} de ${count} ${noun[1]}`}
      </Text>
      {pageCount > 1 && (
        <Pagination
          total={pageCount}
          value={page}
          aria-label="Páginas"
          getItemProps={(item) => ({ component: Link, to: hrefOf(item), "aria-label": `Página ${item}` })}
          getControlProps={(control) => {
            const target = {
              first: 1,
              previous: Math.max(1, page - 1),
              next: Math.min(pageCount, page + 1),
              last: pageCount,
            }[control];
            const labels = {
              first: "Primera página",
              previous: "Página anterior",
              next: "Página siguiente",
              last: "Última página",
            };
            return { component: Link, to: hrefOf(target), "aria-label": labels[control] };
          }}
        />
      )}
    </Group>
  );
}
