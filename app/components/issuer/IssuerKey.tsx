import { Alert, Button, Group, Input, Stack, Text } from "@mantine/core";
import { useCallback, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { IssuerCertificateProps } from "~/domain/issuer/view";
import { countLabel } from "~/domain/text";

const dateFormat = new Intl.DateTimeFormat("es-CR", { dateStyle: "long", timeZone: "America/Costa_Rica" });

export function CertificateSummary({ certificate }: { certificate: IssuerCertificateProps }) {
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
export function KeyFileField({ keyStored, error }: { keyStored: boolean; error?: string }) {
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
