import { Badge } from "@mantine/core";
import type { EntryDisplayStatus } from "~/domain/entries/labels";

const COLORS: Record<EntryDisplayStatus, string> = { borrador: "yellow", contabilizado: "teal", revertido: "gray" };

export function EntryStatusBadge({ status, label }: { status: EntryDisplayStatus; label: string }) {
  return (
    <Badge
      color={COLORS[status]}
      c="dark.7"
      variant="light"
      tt="none"
      style={{ minWidth: "max-content" }}
      data-testid="entry-status"
      data-status={status}
    >
      {label}
    </Badge>
  );
}
