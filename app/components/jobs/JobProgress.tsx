import { Alert, Anchor, Group, Progress, Stack, Text } from "@mantine/core";
import { Link, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";

/** Reloads the page's data every second while its background job runs (the Refresh header does it without JS). */
export function useRefreshWhileRunning(running: boolean, job: unknown): void {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => revalidator.revalidate(), 1000);
    return () => clearTimeout(timer);
  }, [running, job, revalidator]);
}

/** The state, progress bar and counts of a background job (imports, month bookings), and its error. */
export function JobProgress({
  testId,
  status,
  statusLabel,
  percent,
  running,
  progressLabel,
  aside,
  error,
  children,
}: {
  testId: string;
  status: string;
  statusLabel: string;
  percent: number;
  running: boolean;
  /** The progress bar's accessible name. */
  progressLabel: string;
  /** Shown beside the state, e.g. the files being imported. */
  aside?: ReactNode;
  error?: string | null;
  /** The counts line under the bar. */
  children: ReactNode;
}) {
  const location = useLocation();
  return (
    <>
      <Stack gap={4} data-testid={testId} data-status={status}>
        <Group gap="xs">
          <Text fw={600}>Estado: {statusLabel}</Text>
          {aside}
        </Group>
        <Progress value={percent} animated={running} aria-label={progressLabel} />
        <Text size="sm" c="dimmed" data-testid={`${testId}-progress`}>
          {children}
        </Text>
        {running && (
          <Text size="sm">
            Puede seguir trabajando y volver a esta página más tarde.{" "}
            <Anchor component={Link} to={`${location.pathname}${location.search}`} reloadDocument>
              Actualizar
            </Anchor>
          </Text>
        )}
      </Stack>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </>
  );
}
