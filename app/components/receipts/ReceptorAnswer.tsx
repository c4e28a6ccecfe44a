import {
  Alert,
  Anchor,
  Group,
  NativeSelect,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { FieldList } from "./FieldList";
import { askedConfirmation, ConfirmButton } from "../forms/ConfirmButton";
import { formErrorOf, inputProps, selectProps, textareaProps, useSchemaForm } from "../forms/conform";
import { KeptRadioGroup } from "../forms/KeptChoiceGroup";
import { answerSchema, ANSWER_INTENT, CONDICION_OPTIONS, DETALLE_MAX, MENSAJE_OPTIONS } from "~/domain/receipts/answer";
import type { AnswerView } from "~/domain/receipts/view";

export type AnswerData = AnswerView;

/** What the confirmation says for each answer: it gets its own consecutivo and cannot be changed. */
function consequenceOf(mensaje: string | undefined): string {
  const label = MENSAJE_OPTIONS.find((option) => option.value === mensaje)?.label ?? "la respuesta elegida";
  return `Se registrará «${label}» como respuesta del receptor, con el siguiente consecutivo de mensaje del cliente. La respuesta no se puede cambiar ni anular después.`;
}

/**
 * The receptor's answer (MensajeReceptor): what was recorded, or, for admins, the form to accept,
 * partially accept or reject. A plain post: it works without JavaScript.
 */
export function ReceptorAnswer({
  answer,
  result,
  action,
  mensajeReceptorHref,
  moneda,
}: {
  answer: AnswerData;
  result?: SubmissionResult<string[]> & { confirm?: boolean };
  action: string;
  mensajeReceptorHref: string;
  moneda: string;
}) {
  // Nothing is preselected: a legal answer is always a choice someone made.
  const [form, fields] = useSchemaForm(answerSchema, {
    id: "receptor-answer-form",
    lastResult: result,
    defaultValue: {
      intent: ANSWER_INTENT,
      montoTotalImpuestoAcreditar: answer.defaults.ivaAcreditable,
      montoTotalDeGastoAplicable: answer.defaults.gastoAplicable,
    },
  });
  const asked = askedConfirmation(result);
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
                ...(answer.recorded.condicion
                  ? [{ label: "Condición del impuesto", value: answer.recorded.condicion }]
                  : []),
                ...(answer.recorded.ivaAcreditable
                  ? [{ label: "IVA acreditable", value: answer.recorded.ivaAcreditable }]
                  : []),
                ...(answer.recorded.gastoAplicable
                  ? [{ label: "Gasto aplicable", value: answer.recorded.gastoAplicable }]
                  : []),
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
          <Form method="post" action={action} data-testid="answer-form" {...getFormProps(form)}>
            <input type="hidden" name="intent" value={ANSWER_INTENT} />
            <Stack gap="sm">
              {formErrorOf(form) && (
                <Alert color="red" role="alert" p="xs">
                  {formErrorOf(form)}
                </Alert>
              )}
              <KeptRadioGroup
                name={fields.mensaje.name}
                label="Respuesta"
                defaultValue={(fields.mensaje.initialValue as string | undefined) ?? ""}
                key={fields.mensaje.key}
                error={fields.mensaje.errors?.[0]}
                required
              >
                <Group mt={4}>
                  {MENSAJE_OPTIONS.map((option) => (
                    <Radio key={option.value} value={option.value} label={option.label} required />
                  ))}
                </Group>
              </KeptRadioGroup>
              <NativeSelect
                label="Condición del impuesto"
                description="Obligatoria al aceptar; no se usa al rechazar."
                {...selectProps(fields.condicionImpuesto)}
                key={fields.condicionImpuesto.key}
                required={false}
                data={[{ value: "", label: "Elija una condición" }, ...CONDICION_OPTIONS]}
              />
              <Group grow align="flex-start">
                <TextInput
                  label={`IVA acreditable (${moneda})`}
                  description={`Impuesto del comprobante: ${answer.totalImpuesto}`}
                  {...inputProps(fields.montoTotalImpuestoAcreditar)}
                  key={fields.montoTotalImpuestoAcreditar.key}
                  inputMode="decimal"
                />
                <TextInput
                  label={`Gasto aplicable (${moneda})`}
                  description={`Total del comprobante: ${answer.totalFactura}`}
                  {...inputProps(fields.montoTotalDeGastoAplicable)}
                  key={fields.montoTotalDeGastoAplicable.key}
                  inputMode="decimal"
                />
              </Group>
              <Textarea
                label="Detalle"
                description="Obligatorio al rechazar; lo recibe el emisor."
                {...textareaProps(fields.detalleMensaje)}
                key={fields.detalleMensaje.key}
                maxLength={DETALLE_MAX}
                autosize
                minRows={2}
              />
              <Group>
                <ConfirmButton
                  label="Registrar respuesta"
                  title="¿Registrar la respuesta del receptor?"
                  consequence={consequenceOf(fields.mensaje.value as string | undefined)}
                  asked={asked}
                  validate={(element) =>
                    parseWithZod(new FormData(element), { schema: answerSchema }).status === "success"
                  }
                  testId="answer-submit"
                />
              </Group>
            </Stack>
          </Form>
        )}
      </Stack>
    </Paper>
  );
}
