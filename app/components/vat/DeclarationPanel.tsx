import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import type { VatPageView } from "~/domain/iva/view";
import { dateText } from "~/domain/text";
import { AmountCell } from "./AmountCell";
import type { VatLinks } from "./links";
import { ReceiptsTable } from "./ReceiptsTable";

/** What the last «Liquidar» or «Rectificar» answered when it did not go through. */
export interface SettlementFeedback {
  intent: string;
  message: string;
  already: { id: string; number: string } | null;
  needsConfirmation?: boolean;
  needsAdjustment?: boolean;
  adjustmentAccount?: string;
}

function AdjustmentField({ show, defaultValue }: { show: boolean; defaultValue?: string }) {
  if (!show) return null;
  return (
    <TextInput
      name="adjustmentAccount"
      label="Cuenta para el ajuste"
      description="Las cuentas de IVA no coinciden con la declaración: la diferencia se lleva a esta cuenta. Si no, corrija los asientos antes de liquidar."
      placeholder="60-02-21-00-00"
      defaultValue={defaultValue}
      maxLength={20}
      w={360}
    />
  );
}

function SettleForm({
  intent,
  label,
  links,
  adjust,
  feedback,
  confirm,
}: {
  intent: "liquidar" | "rectificar";
  label: string;
  links: VatLinks;
  adjust: boolean;
  feedback: SettlementFeedback | null;
  confirm?: boolean;
}) {
  return (
    <Form method="post" action={links.actionPath}>
      <input type="hidden" name="intent" value={intent} />
      {confirm && <input type="hidden" name="confirm" value="1" />}
      <Group align="flex-end" wrap="wrap">
        <AdjustmentField
          show={adjust || (feedback?.intent === intent && !!feedback.needsAdjustment)}
          defaultValue={feedback?.adjustmentAccount}
        />
        <Button type="submit" color={confirm ? "orange" : undefined}>
          {label}
        </Button>
      </Group>
    </Form>
  );
}

function Feedback({ feedback, links }: { feedback: SettlementFeedback; links: VatLinks }) {
  return (
    <Alert color={feedback.already || feedback.needsConfirmation ? "yellow" : "red"} mb="sm" role="alert">
      {feedback.message}
      {feedback.already && (
        <>
          {" "}
          <Anchor component={Link} to={links.entry(feedback.already.id)}>
            Ver asiento {feedback.already.number}
          </Anchor>
        </>
      )}
    </Alert>
  );
}

function StaleDeclaration({ data, links }: { data: VatPageView; links: VatLinks }) {
  const declaration = data.declaration!;
  return (
    <Alert color="orange" title="Declaración desactualizada" data-testid="iva-stale" mb="sm">
      <Stack gap="xs">
        <Text size="sm">
          Después de liquidar cambiaron los comprobantes del mes. La declaración no se cambió: rectifíquela para
          registrar la diferencia.
        </Text>
        {declaration.differences.length > 0 && (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Cifra</Table.Th>
                <Table.Th ta="right">Declarado</Table.Th>
                <Table.Th ta="right">Actual</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {declaration.differences.map((row) => (
                <Table.Tr key={row.label}>
                  <Table.Td>{row.label}</Table.Td>
                  <AmountCell>{row.declared}</AmountCell>
                  <AmountCell>{row.current}</AmountCell>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {declaration.arrived.length > 0 && (
          <>
            <Text size="sm" fw={700}>
              Comprobantes que llegaron después de la declaración
            </Text>
            <ReceiptsTable
              label="Comprobantes llegados después de la declaración"
              receipts={declaration.arrived}
              thirdHeader="IVA"
              receiptHref={links.receipt}
            />
          </>
        )}
        {declaration.goneCount > 0 && (
          <Text size="sm">
            {declaration.goneCount === 1
              ? "1 comprobante declarado ya no cuenta."
              : `${declaration.goneCount} comprobantes declarados ya no cuentan.`}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/** A month liquidated before declarations were kept: say so, and offer to record it from its entry. */
function UndeclaredSettlement({ data, links }: { data: VatPageView; links: VatLinks }) {
  return (
    <Alert color="yellow" title="Liquidado sin declaración registrada" data-testid="iva-undeclared" mb="sm">
      <Stack gap="xs">
        <Text size="sm">
          Este mes se liquidó antes de que la aplicación registrara las declaraciones: no hay cifras declaradas con las
          que comparar los comprobantes de hoy. «Registrar declaración» toma las cifras del asiento{" "}
          {data.settlement?.number} y los comprobantes que había cuando se registró; lo que llegó después se mostrará
          como declaración desactualizada.
        </Text>
        <Form method="post" action={links.actionPath}>
          <input type="hidden" name="intent" value="registrar" />
          <Button type="submit" variant="light">
            Registrar declaración
          </Button>
        </Form>
      </Stack>
    </Alert>
  );
}

/** The month's declared state: liquidate (with a confirm step before the month ends), rectify, reverse. */
export function DeclarationPanel({
  data,
  links,
  feedback,
}: {
  data: VatPageView;
  links: VatLinks;
  feedback: SettlementFeedback | null;
}) {
  const { declaration, settlement } = data;
  const adjust = data.reconciliation.differs;
  return (
    <Paper withBorder p="md" data-testid="iva-settlement">
      <Title order={2} size="h4" mb="xs">
        Liquidación del mes
      </Title>
      {feedback && <Feedback feedback={feedback} links={links} />}
      {feedback?.needsConfirmation && (
        <SettleForm intent="liquidar" label="Sí, liquidar" links={links} adjust={adjust} feedback={null} confirm />
      )}
      {data.undeclared && <UndeclaredSettlement data={data} links={links} />}
      {declaration && declaration.stale && <StaleDeclaration data={data} links={links} />}
      {settlement ? (
        <Stack gap="xs">
          <Text>
            {declaration
              ? `${declaration.fromEntry ? "Declaración registrada a partir del asiento" : "Declarado"} (versión ${declaration.version}) el ${declaration.at}${declaration.by ? ` por ${declaration.by}` : ""}; `
              : ""}
            liquidado con el asiento{" "}
            <Anchor component={Link} to={links.entry(settlement.id)}>
              {settlement.number}
            </Anchor>{" "}
            del {dateText(settlement.date)}.
          </Text>
          <Group gap="xs" align="flex-end">
            {declaration?.stale && (
              <SettleForm intent="rectificar" label="Rectificar" links={links} adjust={adjust} feedback={feedback} />
            )}
            <Form method="post" action={links.actionPath}>
              <input type="hidden" name="intent" value="revertir" />
              <Button type="submit" color="red" variant="light">
                Revertir liquidación
              </Button>
            </Form>
          </Group>
          {declaration && declaration.versions.length > 1 && (
            <Text size="sm" c="dimmed">
              Versiones:{" "}
              {declaration.versions
                .map(
                  (row) =>
                    `${row.version} (${row.status}, ${row.at}${row.entryNumber ? `, asiento ${row.entryNumber}` : ""})`,
                )
                .join(" · ")}
            </Text>
          )}
        </Stack>
      ) : (
        !feedback?.needsConfirmation && (
          <Stack gap="xs">
            <Text size="sm">
              Registra la declaración y su asiento: IVA débito contra IVA crédito, y la diferencia a IVA por pagar o a
              saldo a favor.
              {data.monthNotEnded ? ` ${data.monthLabel} aún no termina: se le pedirá confirmar.` : ""}
            </Text>
            <SettleForm
              intent="liquidar"
              label="Liquidar IVA del mes"
              links={links}
              adjust={adjust}
              feedback={feedback}
            />
          </Stack>
        )
      )}
    </Paper>
  );
}
