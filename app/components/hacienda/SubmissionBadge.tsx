import { Badge, Tooltip } from "@mantine/core";
import { SUBMISSION_STATUS_LABELS } from "~/domain/hacienda-queue/status";
import type { SubmissionStatus } from "~/domain/invoicing/types";

const COLORS: Record<SubmissionStatus, string> = {
  borrador: "gray",
  firmado: "blue",
  enviado: "cyan",
  aceptado: "green",
  rechazado: "red",
  error: "orange",
};

/** Where a document stands in its sending to Hacienda; the reason of an error on hover and for readers. */
export function SubmissionBadge({ status, reason }: { status: SubmissionStatus; reason?: string | null }) {
  const label = SUBMISSION_STATUS_LABELS[status];
  const badge = (
    <Badge
      color={COLORS[status]}
      c="dark.7"
      variant="light"
      size="sm"
      tt="none"
      style={{ minWidth: "max-content" }}
      data-testid="submission-badge"
      data-status={status}
      aria-label={reason ? `${label}: ${reason}` : label}
    >
      {label}
    </Badge>
  );
  return reason ? (
    <Tooltip label={reason} withArrow multiline maw={320}>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}
