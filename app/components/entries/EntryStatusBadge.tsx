import { Badge } from "@mantine/core";
import type { EntryDisplayStatus } from "~/domain/entries/labels";

const COLORS: Record<EntryDisplayStatus, string> = { borrador: "yellow", contabilizado: "teal", revertido: "gray" };

export function EntryStatusBadge({ status, label }: { status: EntryDisplayStatus; label: string }) {
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="entry-status" data-status={status}>
      {label}
    </Badge>
  );
}
