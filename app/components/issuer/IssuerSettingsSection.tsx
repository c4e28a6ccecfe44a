import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { inputProps, selectProps, useSchemaForm } from "../forms/conform";
import { ENVIRONMENT_OPTIONS, PROVINCE_OPTIONS, placeName } from "./issuer-options";
import { ISSUER_ID_TYPE_OPTIONS, ISSUER_INTENT, issuerFormSchema } from "~/domain/issuer/issuer-form";

import { ConsecutiveRows } from "./ConsecutiveRows";
import { IssuerHistory } from "./IssuerHistory";
import { CertificateSummary, KeyFileField } from "./IssuerKey";
import type { IssuerSectionProps } from "~/domain/issuer/view";
export type { IssuerCertificateProps, IssuerSectionProps } from "~/domain/issuer/view";

export function IssuerSettingsSection({
  settings,
  counters,
  history,
  issuerResult,
  consecutiveResult,
}: IssuerSectionProps) {
  const [form, fields] = useSchemaForm(issuerFormSchema, {
    id: "issuer-form",
    lastResult: issuerResult,
    defaultValue: settings.values,
  });
  const keyError = issuerResult?.error?.p12?.[0];
  const formError = issuerResult?.error?.[""]?.[0];
  const place = placeName(settings.values);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="issuer-settings">
      <Title order={2} size="h3" id="issuer-settings" mb="xs">
        Emisión de comprobantes
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {settings.configured
          ? "Datos con los que este cliente emite facturas, tiquetes y notas electrónicas."
          : "Este cliente todavía no puede emitir comprobantes: complete sus datos de emisor, su usuario de Hacienda y su llave criptográfica."}
      </Text>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={ISSUER_INTENT} />
        <Stack gap="md">
          {(Object.keys(form.allErrors).length > 0 || keyError || formError) && (
            <Alert color="red" role="alert">
              {formError ?? "Revise los datos marcados."}
            </Alert>
          )}
          <Title order={3} size="h4">
            Emisor
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput label="Nombre o razón social" {...inputProps(fields.nombre)} key={fields.nombre.key} />
            <TextInput
              label="Nombre comercial"
              {...inputProps(fields.nombreComercial)}
              key={fields.nombreComercial.key}
            />
            <NativeSelect
              label="Tipo de identificación"
              data={ISSUER_ID_TYPE_OPTIONS}
              {...selectProps(fields.tipoIdentificacion)}
              key={fields.tipoIdentificacion.key}
            />
            <TextInput
              label="Número de identificación"
              description="Solo dígitos, sin guiones"
              inputMode="numeric"
              {...inputProps(fields.numeroIdentificacion)}
              key={fields.numeroIdentificacion.key}
            />
            <TextInput
              label="Actividad económica principal"
              description="Código de 6 dígitos inscrito en Hacienda"
              inputMode="numeric"
              {...inputProps(fields.actividadPrincipal)}
              key={fields.actividadPrincipal.key}
            />
            <TextInput
              label="Otras actividades económicas"
              description="Códigos de 6 dígitos separados por espacios o comas"
              {...inputProps(fields.otrasActividades)}
              key={fields.otrasActividades.key}
            />
            <TextInput
              label="Teléfono"
              description="8 dígitos"
              inputMode="tel"
              {...inputProps(fields.telefono)}
              key={fields.telefono.key}
            />
            <TextInput
              label="Correo electrónico"
              description="Aparece en los comprobantes como correo del emisor"
              {...inputProps(fields.correo, "email")}
              key={fields.correo.key}
            />
          </SimpleGrid>

          <Title order={3} size="h4">
            Ubicación
          </Title>
          {place && (
            <Text size="sm" c="dimmed" mt={-8}>
              {place}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
            <NativeSelect
              label="Provincia"
              data={PROVINCE_OPTIONS}
              {...selectProps(fields.provincia)}
              key={fields.provincia.key}
            />
            <TextInput
              label="Cantón"
              description="Código de 2 dígitos (01 = cabecera)"
              inputMode="numeric"
              {...inputProps(fields.canton)}
              key={fields.canton.key}
            />
            <TextInput
              label="Distrito"
              description="Código de 2 dígitos"
              inputMode="numeric"
              {...inputProps(fields.distrito)}
              key={fields.distrito.key}
            />
            <TextInput label="Barrio" {...inputProps(fields.barrio)} key={fields.barrio.key} />
          </SimpleGrid>
          <TextInput label="Otras señas" {...inputProps(fields.otrasSenas)} key={fields.otrasSenas.key} />

          <Title order={3} size="h4">
            Punto de emisión
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput
              label="Sucursal"
              description="3 dígitos; 001 es la casa matriz"
              inputMode="numeric"
              {...inputProps(fields.sucursal)}
              key={fields.sucursal.key}
            />
            <TextInput
              label="Punto de venta (terminal)"
              description="5 dígitos, por ejemplo 00001"
              inputMode="numeric"
              {...inputProps(fields.terminal)}
              key={fields.terminal.key}
            />
          </SimpleGrid>

          <Title order={3} size="h4">
            Hacienda
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <NativeSelect
              label="Ambiente"
              data={ENVIRONMENT_OPTIONS}
              {...selectProps(fields.environment)}
              key={fields.environment.key}
            />
            <TextInput
              label="Usuario de la API"
              description="El usuario que Hacienda generó para el sistema de facturación"
              autoComplete="off"
              {...inputProps(fields.apiUsername)}
              key={fields.apiUsername.key}
            />
            <PasswordInput
              label="Contraseña de la API"
              description={
                settings.apiPasswordStored
                  ? "Configurada ✓ — deje el campo vacío para conservarla, o escriba otra para reemplazarla."
                  : "Sin configurar."
              }
              autoComplete="new-password"
              {...inputProps(fields.apiPassword, "password")}
              key={fields.apiPassword.key}
              defaultValue=""
            />
          </SimpleGrid>

          <Title order={3} size="h4">
            Llave criptográfica
          </Title>
          {settings.certificate ? (
            <CertificateSummary certificate={settings.certificate} />
          ) : (
            <Text size="sm" c="dimmed">
              Sin llave criptográfica.
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <KeyFileField keyStored={settings.keyStored} error={keyError} />
            <PasswordInput
              label="PIN de la llave"
              description={
                settings.keyStored
                  ? "Configurado ✓ — deje el campo vacío para conservarlo."
                  : "El PIN con que generó la llave."
              }
              autoComplete="new-password"
              {...inputProps(fields.p12Pin, "password")}
              key={fields.p12Pin.key}
              defaultValue=""
            />
          </SimpleGrid>
          <Group>
            <Button type="submit">Guardar datos de emisión</Button>
            {settings.configured && (
              <Badge color={settings.keyStored ? "green" : "gray"} variant="light" c="dark.7">
                {settings.keyStored ? "Llave configurada" : "Sin llave"}
              </Badge>
            )}
          </Group>
        </Stack>
      </Form>

      <Title order={3} size="h4" id="issuer-consecutives" mt="xl" mb="xs">
        Consecutivos
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Cada tipo de documento lleva su propia numeración. Al migrar desde otro sistema puede adelantar el siguiente
        número; nunca retrocederlo, porque un número ya usado no se puede repetir.
      </Text>
      <ConsecutiveRows counters={counters} result={consecutiveResult} />

      <IssuerHistory history={history} />
    </Paper>
  );
}
