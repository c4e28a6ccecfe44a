import { Badge } from "@mantine/core";

const COLORS: Record<string, string> = { aceptado: "green", parcial: "yellow", rechazado: "red", pendiente: "gray" };

export function HaciendaBadge({ status, label }: { status: string; label: string }) {
  return (
    <Badge
      color={COLORS[status] ?? "gray"}
      c="dark.7"
      variant="light"
      size="sm"
      tt="none"
      style={{ minWidth: "max-content" }}
      data-status={status}
      data-testid="hacienda-badge"
    >
      {label}
    </Badge>
  );
}
