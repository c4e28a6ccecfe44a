import {
  Alert,
  Badge,
  Button,
  Group,
  Input,
  NativeSelect,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useCallback, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { TableScrollRegion } from "../TableScrollRegion";
import { inputProps, selectProps, useSchemaForm } from "../forms/conform";
import { PROVINCES, cantonName, districtName } from "~/domain/hacienda/territory";
import {
  CONSECUTIVE_INTENT,
  HACIENDA_ENVIRONMENTS,
  ISSUER_ID_TYPE_OPTIONS,
  ISSUER_INTENT,
  issuerFormSchema,
} from "~/domain/issuer/issuer-form";
import { countLabel } from "~/domain/text";

export interface IssuerCertificateProps {
  subject: string;
  serialNumber: string;
  notAfter: string;
  status: "vigente" | "por-vencer" | "vencida" | "aun-no-vigente";
  daysLeft: number;
}

export interface IssuerSectionProps {
  settings: {
    configured: boolean;
    values: Record<string, string>;
    apiPasswordStored: boolean;
    keyStored: boolean;
    certificate: IssuerCertificateProps | null;
  };
  counters: {
    series: string;
    label: string;
    typeCode: string;
    place?: { sucursal: string; terminal: string };
    current: boolean;
    lastIssued: number;
    next: number;
  }[];
  history: { at: string; by: string; changes: { field: string; before: string; after: string }[] }[];
  issuerResult?: SubmissionResult<string[]>;
  consecutiveResult?: SubmissionResult<string[]>;
}

const dateFormat = new Intl.DateTimeFormat("es-CR", { dateStyle: "long", timeZone: "America/Costa_Rica" });
const numberFormat = new Intl.NumberFormat("es-CR");

const PROVINCE_OPTIONS = [
  { value: "", label: "Seleccione…" },
  ...Object.entries(PROVINCES).map(([value, label]) => ({ value, label: `${value} · ${label}` })),
];
const ENVIRONMENT_OPTIONS = Object.entries(HACIENDA_ENVIRONMENTS).map(([value, label]) => ({ value, label }));

function CertificateSummary({ certificate }: { certificate: IssuerCertificateProps }) {
  const expiry = dateFormat.format(new Date(certificate.notAfter));
  return (
    <Stack gap="xs" data-testid="issuer-certificate">
      <Text size="sm">
        <strong>Titular:</strong> {certificate.subject}
      </Text>
      <Text size="sm">
        <strong>Número de serie:</strong> {certificate.serialNumber}
      </Text>
      <Text size="sm">
        <strong>Vence:</strong> {expiry}
      </Text>
      {certificate.status === "por-vencer" && (
        <Alert color="yellow" role="alert">
          <Text fw={700} size="sm">
            La llave criptográfica está por vencer
          </Text>
          Vence el {expiry} (
          {certificate.daysLeft === 0 ? "hoy" : `en ${countLabel(certificate.daysLeft, "día", "días")}`}). Genere una
          llave nueva en Hacienda y súbala aquí antes de esa fecha, o no se podrán emitir comprobantes.
        </Alert>
      )}
      {certificate.status === "vencida" && (
        <Alert color="red" role="alert">
          <Text fw={700} size="sm">
            La llave criptográfica está vencida
          </Text>
          Venció el {expiry}. Suba una llave vigente para volver a emitir comprobantes.
        </Alert>
      )}
      {certificate.status === "aun-no-vigente" && (
        <Alert color="yellow" role="alert">
          La llave criptográfica todavía no está vigente.
        </Alert>
      )}
    </Stack>
  );
}

/**
 * The .p12 field. Without JavaScript it is the browser's own file control. Once the page is live, the
 * same input (so a file chosen before hydration is kept) is hidden behind a Spanish button and the
 * chosen file's name: the native control's texts come in the browser's language.
 */
function KeyFileField({ keyStored, error }: { keyStored: boolean; error?: string }) {
  const input = useRef<HTMLInputElement | null>(null);
  const live = useHydrated();
  const [chosen, setChosen] = useState<string | null>(null);
  // The input is the same before and after hydration, so a file chosen early stays; show its name.
  const attach = useCallback((element: HTMLInputElement | null) => {
    input.current = element;
    const name = element?.files?.[0]?.name;
    if (name) setChosen(name);
  }, []);
  return (
    <Input.Wrapper
      label={keyStored ? "Reemplazar la llave (.p12)" : "Llave criptográfica (.p12)"}
      description={
        keyStored
          ? "Configurada ✓ — elija un archivo solo para reemplazarla."
          : "El archivo .p12 que generó en Hacienda."
      }
      error={error}
      id="issuer-p12"
    >
      <input
        ref={attach}
        type="file"
        name="p12"
        id="issuer-p12"
        accept=".p12,.pfx,application/x-pkcs12"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "issuer-p12-error" : "issuer-p12-description"}
        tabIndex={live ? -1 : undefined}
        onChange={(event) => setChosen(event.currentTarget.files?.[0]?.name ?? null)}
        style={
          live
            ? { position: "absolute", width: 1, height: 1, opacity: 0, overflow: "hidden" }
            : { display: "block", marginTop: 4 }
        }
      />
      {live && (
        <Group gap="sm" mt={4} wrap="nowrap">
          <Button type="button" variant="default" size="xs" onClick={() => input.current?.click()}>
            Elegir archivo…
          </Button>
          <Text size="sm" c={chosen ? undefined : "dimmed"} data-testid="issuer-p12-chosen">
            {chosen ?? "Ningún archivo elegido"}
          </Text>
        </Group>
      )}
    </Input.Wrapper>
  );
}

function placeName(values: Record<string, string>): string | null {
  const district = districtName(values.provincia, values.canton, values.distrito);
  const canton = cantonName(values.provincia, values.canton);
  return district && canton ? `${district}, ${canton}, ${PROVINCES[values.provincia]}` : null;
}

function ConsecutiveRows({
  counters,
  result,
}: {
  counters: IssuerSectionProps["counters"];
  result?: SubmissionResult<string[]>;
}) {
  const failedSeries = typeof result?.initialValue?.series === "string" ? result.initialValue.series : undefined;
  const rowError = Object.values(result?.error ?? {})
    .flat()
    .find(Boolean);
  return (
    <TableScrollRegion label="Consecutivos" minWidth={720}>
      <Table striped withTableBorder aria-labelledby="issuer-consecutives">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Documento</Table.Th>
            <Table.Th>Sucursal / terminal</Table.Th>
            <Table.Th>Último número emitido</Table.Th>
            <Table.Th>Siguiente número</Table.Th>
            <Table.Th>Ajustar al migrar desde otro sistema</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {counters.map((counter) => {
            const error = counter.current && failedSeries === counter.series ? rowError : undefined;
            const place = counter.place ? `${counter.place.sucursal} / ${counter.place.terminal}` : "—";
            return (
              <Table.Tr
                key={`${counter.series}-${place}`}
                data-testid={
                  counter.current ? `consecutive-${counter.series}` : `consecutive-${counter.series}-${place}`
                }
              >
                <Table.Td>{counter.label}</Table.Td>
                <Table.Td>{place}</Table.Td>
                <Table.Td>
                  {!counter.place ? "—" : counter.lastIssued > 0 ? numberFormat.format(counter.lastIssued) : "ninguno"}
                </Table.Td>
                <Table.Td>{numberFormat.format(counter.next)}</Table.Td>
                <Table.Td>
                  {counter.current ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value={CONSECUTIVE_INTENT} />
                      <input type="hidden" name="series" value={counter.series} />
                      <Group gap="xs" align="flex-start" wrap="nowrap">
                        <TextInput
                          name="next"
                          aria-label={`Siguiente número de ${counter.label}`}
                          inputMode="numeric"
                          defaultValue={
                            error && typeof result?.initialValue?.next === "string" ? result.initialValue.next : ""
                          }
                          placeholder={String(counter.next)}
                          required
                          maxLength={10}
                          error={error}
                          w={160}
                        />
                        <Button type="submit" variant="light">
                          Ajustar
                        </Button>
                      </Group>
                    </Form>
                  ) : (
                    "Otra sucursal o terminal: se numera sola"
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableScrollRegion>
  );
}

/**
 * "Emisión de comprobantes": the organization as issuer, its Hacienda account and key, and its
 * consecutive numbers. Secrets are never shown, only whether they are stored; an empty secret field
 * keeps the stored one. Plain multipart POST, so it works without JavaScript.
 */
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

      {history.length > 0 && (
        <>
          <Title order={3} size="h4" id="issuer-history" mt="xl" mb="xs">
            Últimos cambios
          </Title>
          <TableScrollRegion label="Últimos cambios del emisor" minWidth={560}>
            <Table withTableBorder aria-labelledby="issuer-history" data-testid="issuer-history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Fecha</Table.Th>
                  <Table.Th>Usuario</Table.Th>
                  <Table.Th>Cambios</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {history.map((row, index) => (
                  <Table.Tr key={`${row.at}-${index}`}>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{row.at}</Table.Td>
                    <Table.Td>{row.by}</Table.Td>
                    <Table.Td>
                      {row.changes.length === 0
                        ? "Guardado sin cambios"
                        : row.changes.map((change) => (
                            <Text size="sm" key={change.field} style={{ overflowWrap: "anywhere" }}>
                              {change.field}: {change.before || "—"} → {change.after || "—"}
                            </Text>
                          ))}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
        </>
      )}
    </Paper>
  );
}
