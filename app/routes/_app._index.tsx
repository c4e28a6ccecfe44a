import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { exportHref, detailHref, monthHref, uploadHref } from "~/components/receipts/links";
import { MonthNavigation } from "~/components/receipts/MonthNavigation";
import { PageLinks } from "~/components/PageLinks";
import { ReceiptSearchForm } from "~/components/receipts/ReceiptSearchForm";
import { ReceiptTable } from "~/components/receipts/ReceiptTable";
import { ReceiptTabs } from "~/components/receipts/ReceiptTabs";
import { monthLabel } from "~/domain/calendar";
import { hasAdminAccess } from "~/domain/roles";
import { valueOrRefusal } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { loadMonthView, readMonthQuery } from "~/services/receipts/receipts.server";
import { BookingCell, BookMonthButton } from "~/components/booking/BookingCell";
import { appHref } from "~/utils/links";
import { monthBookingView } from "~/services/booking/booking-states.server";
import { submissionStatuses } from "~/services/hacienda/queue.server";
import { SubmissionBadge } from "~/components/hacienda/SubmissionBadge";

export const meta: MetaFunction = () => [{ title: "Comprobantes · Contabilidad CR" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { organization, role, membership } = await requireOrgContext(request, { orNone: true });
  if (!organization) return json({ view: null, booking: null, sending: null, board: false });
  const query = valueOrRefusal(readMonthQuery(new URL(request.url)));
  const view = await loadMonthView(organization, query);
  const booking = await monthBookingView(
    organization.id,
    view.month,
    view.rows.map((row) => row.id),
    role === "admin",
  );
  const statuses = await submissionStatuses(
    organization.id,
    view.rows.map((row) => row.id),
  );
  // The practice board is one click away for those who may open it (admins, super admins, root).
  return json({ view, booking, sending: Object.fromEntries(statuses), board: hasAdminAccess(membership) });
}

export default function ReceiptsMonthPage() {
  const { view, booking, sending, board } = useLoaderData<typeof loader>();
  const location = useLocation();
  const current = new URLSearchParams(location.search);

  if (!view) {
    return (
      <Stack gap="md">
        <Title order={1}>Comprobantes</Title>
        <Alert color="gray">No tiene acceso a ningún cliente activo. Pida a su contador que le dé acceso.</Alert>
      </Stack>
    );
  }

  const base = { org: view.organization.cedula, month: view.month, tab: view.tab, q: view.q };
  // "emitido"/"recibido" agree with "ningún comprobante"; the plural with "no hay comprobantes".
  const tabSingular = view.tab === "emitidos" ? "emitido" : "recibido";
  const hrefOfPage = (page: number) => monthHref(current, { ...base, page });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>Comprobantes</Title>
          <Text c="dimmed" size="sm">
            {view.organization.name} · {view.organization.cedula}
          </Text>
          {board && (
            <Anchor
              component={Link}
              to={appHref(`/admin/board?${new URLSearchParams({ month: view.month })}`, current)}
              size="sm"
              data-testid="board-link"
            >
              Resumen de clientes
            </Anchor>
          )}
        </div>
        <MonthNavigation
          label={view.monthLabel}
          previousHref={monthHref(current, { ...base, month: view.previousMonth, q: "" })}
          nextHref={monthHref(current, { ...base, month: view.nextMonth, q: "" })}
          previousLabel={monthLabel(view.previousMonth)}
          nextLabel={monthLabel(view.nextMonth)}
        />
        <Group gap="xs">
          <Button component={Link} to={uploadHref(current, view.organization.cedula)} data-testid="upload-link">
            Subir comprobantes
          </Button>
          <Button component="a" href={exportHref("xlsx", base)} variant="default" download>
            Exportar XLSX
          </Button>
          <Button component="a" href={exportHref("csv", base)} variant="default" download>
            Exportar CSV
          </Button>
          {booking?.canBook && (
            <BookMonthButton
              pending={booking.pending}
              href={appHref(`/booking/month?${new URLSearchParams({ month: view.month })}`, current)}
            />
          )}
        </Group>
      </Group>

      <ReceiptTabs
        value={view.tab}
        hrefs={{
          emitidos: monthHref(current, { ...base, tab: "emitidos", q: "" }),
          recibidos: monthHref(current, { ...base, tab: "recibidos", q: "" }),
        }}
      >
        <Stack gap="md">
          <ReceiptSearchForm
            hidden={{
              org: view.organization.cedula,
              month: view.month,
              tab: view.tab,
              ...Object.fromEntries(
                ["showSidebar", "menu"].filter((key) => current.has(key)).map((key) => [key, current.get(key) ?? ""]),
              ),
            }}
            query={view.q}
            clearHref={monthHref(current, { ...base, q: "" })}
          />

          {view.count === 0 ? (
            <Paper withBorder p="xl" ta="center" data-testid="empty-month">
              <Stack gap="sm" align="center">
                <Text fw={600}>
                  {view.q
                    ? `Ningún comprobante ${tabSingular} de ${view.monthLabel} coincide con «${view.q}».`
                    : `No hay comprobantes ${view.tab} en ${view.monthLabel}.`}
                </Text>
                {!view.q && (
                  <Text c="dimmed" size="sm">
                    Suba los archivos XML o un ZIP con los comprobantes del mes para verlos aquí.
                  </Text>
                )}
                <Group gap="sm" justify="center">
                  <Button component={Link} to={uploadHref(current, view.organization.cedula)}>
                    Subir comprobantes
                  </Button>
                  {view.nearest && (
                    <Anchor component={Link} to={monthHref(current, { ...base, month: view.nearest.month, q: "" })}>
                      Ver {view.nearest.label}
                    </Anchor>
                  )}
                </Group>
              </Stack>
            </Paper>
          ) : (
            <>
              <ReceiptTable
                rows={view.rows}
                totals={view.totals}
                received={view.tab === "recibidos"}
                hrefOf={(id) => detailHref(current, view.organization.cedula, id)}
                booked={(id) => (
                  <BookingCell
                    state={booking?.states[id]}
                    entryHref={(entryId) => appHref(`/entries/view/${entryId}`, current)}
                  />
                )}
                sending={
                  sending && Object.keys(sending).length > 0
                    ? (id) =>
                        sending[id] ? <SubmissionBadge status={sending[id].status} reason={sending[id].reason} /> : null
                    : undefined
                }
              />
              <Text size="xs" c="dimmed">
                Montos en colones con el tipo de cambio de cada comprobante. Los totales restan las notas de crédito y
                no incluyen recibos de pago ni comprobantes rechazados por Hacienda.
              </Text>
              <PageLinks
                page={view.page}
                pageCount={view.pageCount}
                count={view.count}
                pageSize={view.pageSize}
                noun={["comprobante", "comprobantes"]}
                hrefOf={hrefOfPage}
                testId="receipt-count"
              />
            </>
          )}
        </Stack>
      </ReceiptTabs>
    </Stack>
  );
}
