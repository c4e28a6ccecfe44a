import { Alert, Anchor, Button, Group, NativeSelect, Paper, Radio, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { FieldList } from "./FieldList";
import { ANSWER_INTENT, CONDICION_OPTIONS, DETALLE_MAX, MENSAJE_OPTIONS } from "~/domain/receipts/answer";
import type { AnswerView } from "~/services/receipts/receipts-detail.server";

export type AnswerData = AnswerView;

export interface AnswerProblem {
  fieldErrors: Record<string, string[] | undefined>;
  values?: Record<string, string>;
}

/**
 * The receptor's answer (MensajeReceptor): what was recorded, or, for admins, the form to accept,
 * partially accept or reject. A plain post: it works without JavaScript.
 */
export function ReceptorAnswer({
  answer,
  problem,
  action,
  mensajeReceptorHref,
  moneda,
}: {
  answer: AnswerData;
  problem?: AnswerProblem;
  action: string;
  mensajeReceptorHref: string;
  moneda: string;
}) {
  const error = (field: string) => problem?.fieldErrors[field]?.[0];
  const values = problem?.values ?? {};
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="receptor-answer" data-testid="receptor-answer">
      <Stack gap="sm">
        <Title order={2} size="h4" id="receptor-answer">
          Respuesta del receptor (mensaje receptor)
        </Title>
        {answer.recorded ? (
          <>
            <FieldList
              fields={[
                { label: "Respuesta", value: answer.recorded.mensaje },
                ...(answer.recorded.condicion ? [{ label: "Condición del impuesto", value: answer.recorded.condicion }] : []),
                ...(answer.recorded.ivaAcreditable ? [{ label: "IVA acreditable", value: answer.recorded.ivaAcreditable }] : []),
                ...(answer.recorded.gastoAplicable ? [{ label: "Gasto aplicable", value: answer.recorded.gastoAplicable }] : []),
                ...(answer.recorded.detalle ? [{ label: "Detalle", value: answer.recorded.detalle }] : []),
                { label: "Consecutivo del mensaje", value: answer.recorded.consecutivo },
                { label: "Registrada", value: answer.recorded.fecha },
              ]}
            />
            <Group>
              <Anchor href={mensajeReceptorHref} download data-testid="mensaje-receptor-download">
                Descargar el XML del mensaje receptor
              </Anchor>
              <Text size="xs" c="dimmed">
                Sin firmar: la firma y el envío a Hacienda se harán desde la integración con Hacienda.
              </Text>
            </Group>
          </>
        ) : answer.notAnswerable ? (
          <Text size="sm" c="dimmed">
            {answer.notAnswerable}
          </Text>
        ) : !answer.canAnswer ? (
          <Text size="sm" c="dimmed">
            Pendiente de respuesta. Solo los administradores del cliente aceptan o rechazan comprobantes.
          </Text>
        ) : (
          <Form method="post" action={action} data-testid="answer-form">
            <input type="hidden" name="intent" value={ANSWER_INTENT} />
            <Stack gap="sm">
              {error("form") && (
                <Alert color="red" role="alert" p="xs">
                  {error("form")}
                </Alert>
              )}
              <Radio.Group name="mensaje" label="Respuesta" defaultValue={values.mensaje ?? "1"} error={error("mensaje")} required>
                <Group mt={4}>
                  {MENSAJE_OPTIONS.map((option) => (
                    <Radio key={option.value} value={option.value} label={option.label} />
                  ))}
                </Group>
              </Radio.Group>
              <NativeSelect
                name="condicionImpuesto"
                label="Condición del impuesto"
                description="No se usa al rechazar."
                defaultValue={values.condicionImpuesto ?? "01"}
                data={[{ value: "", label: "—" }, ...CONDICION_OPTIONS]}
                error={error("condicionImpuesto")}
              />
              <Group grow align="flex-start">
                <TextInput
                  name="montoTotalImpuestoAcreditar"
                  label={`IVA acreditable (${moneda})`}
                  description={`Impuesto del comprobante: ${answer.totalImpuesto}`}
                  defaultValue={values.montoTotalImpuestoAcreditar ?? answer.defaults.ivaAcreditable}
                  inputMode="decimal"
                  error={error("montoTotalImpuestoAcreditar")}
                />
                <TextInput
                  name="montoTotalDeGastoAplicable"
                  label={`Gasto aplicable (${moneda})`}
                  description={`Total del comprobante: ${answer.totalFactura}`}
                  defaultValue={values.montoTotalDeGastoAplicable ?? answer.defaults.gastoAplicable}
                  inputMode="decimal"
                  error={error("montoTotalDeGastoAplicable")}
                />
              </Group>
              <Textarea
                name="detalleMensaje"
                label="Detalle"
                description="Obligatorio al rechazar; lo recibe el emisor."
                maxLength={DETALLE_MAX}
                defaultValue={values.detalleMensaje ?? ""}
                error={error("detalleMensaje")}
                autosize
                minRows={2}
              />
              <Group>
                <Button type="submit" data-testid="answer-submit">
                  Registrar respuesta
                </Button>
              </Group>
            </Stack>
          </Form>
        )}
      </Stack>
    </Paper>
  );
}
