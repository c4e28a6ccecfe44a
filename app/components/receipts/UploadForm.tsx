import { Alert, Button, Group, Input, Progress, Stack, Text } from "@mantine/core";
import { useRef, useState, type FormEvent } from "react";
import type { ImportReportData } from "./ImportReportView";

export type UploadState =
  | { phase: "idle" }
  | { phase: "uploading"; percent: number; bytes: number }
  | { phase: "processing" }
  | { phase: "queued"; href: string }
  | { phase: "done"; report: ImportReportData }
  | { phase: "failed"; message: string; report?: ImportReportData };

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toLocaleString("es-CR", { maximumFractionDigits: 1 })} MB`;
}

/**
 * A plain multipart form that posts to `action` (works without JavaScript). With JavaScript the same
 * form is sent with XMLHttpRequest to `jsonAction`, to show the upload's progress; a large upload is
 * then imported in the background and the answer names its progress page (phase "queued").
 */
export function UploadForm({
  action,
  jsonAction,
  maxMegabytes,
  onResult,
}: {
  action: string;
  jsonAction: string;
  maxMegabytes: number;
  onResult: (state: UploadState) => void;
}) {
  const [state, setState] = useState<UploadState>({ phase: "idle" });
  const [chosen, setChosen] = useState<{ count: number; bytes: number } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const busy = state.phase === "uploading" || state.phase === "processing" || state.phase === "queued";

  const update = (next: UploadState) => {
    setState(next);
    onResult(next);
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const files = inputRef.current?.files;
    if (!files || files.length === 0) {
      update({ phase: "failed", message: "Seleccione al menos un archivo .xml o .zip." });
      return;
    }
    const total = [...files].reduce((sum, file) => sum + file.size, 0);
    if (total > maxMegabytes * 1024 * 1024) {
      update({ phase: "failed", message: `La carga supera el máximo de ${maxMegabytes} MB; divídala en varios ZIP.` });
      return;
    }
    const body = new FormData(event.currentTarget);
    const request = new XMLHttpRequest();
    request.open("POST", jsonAction);
    request.responseType = "json";
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (progress) => {
      if (!progress.lengthComputable) return;
      const percent = Math.round((progress.loaded / progress.total) * 100);
      update(percent >= 100 ? { phase: "processing" } : { phase: "uploading", percent, bytes: progress.loaded });
    };
    request.upload.onload = () => update({ phase: "processing" });
    request.onload = () => {
      if (new URL(request.responseURL, window.location.href).pathname === "/login") {
        update({ phase: "failed", message: "Su sesión terminó. Inicie sesión de nuevo y vuelva a subir los archivos." });
        return;
      }
      const data = request.response as { report?: ImportReportData; error?: string; job?: { href: string } | null } | null;
      if (request.status === 202 && data?.job) {
        update({ phase: "queued", href: data.job.href });
      } else if (request.status >= 200 && request.status < 300 && data?.report) {
        update({ phase: "done", report: data.report });
        if (inputRef.current) inputRef.current.value = "";
        setChosen(null);
      } else {
        update({ phase: "failed", message: data?.error ?? `La carga falló (error ${request.status}). Intente de nuevo.`, report: data?.report });
      }
    };
    request.onerror = () => update({ phase: "failed", message: "Se perdió la conexión durante la carga. Intente de nuevo." });
    update({ phase: "uploading", percent: 0, bytes: 0 });
    request.send(body);
  }

  return (
    <form method="post" encType="multipart/form-data" action={action} onSubmit={submit} data-testid="upload-form">
      <Stack gap="sm">
        <Input.Wrapper
          label="Archivos XML o ZIP"
          description={`Uno o varios comprobantes (.xml), respuestas de Hacienda, o un .zip con ellos. Máximo ${maxMegabytes} MB por carga.`}
          id="receipt-files"
        >
          <input
            ref={inputRef}
            id="receipt-files"
            type="file"
            name="files"
            multiple
            required
            accept=".xml,.zip,application/xml,text/xml,application/zip,application/x-zip-compressed"
            aria-label="Archivos XML o ZIP"
            style={{ display: "block", marginTop: 8 }}
            onChange={(event) => {
              const files = event.currentTarget.files;
              setChosen(files && files.length > 0 ? { count: files.length, bytes: [...files].reduce((sum, file) => sum + file.size, 0) } : null);
            }}
          />
        </Input.Wrapper>
        {chosen && (
          <Text size="sm" c="dimmed">
            {chosen.count} {chosen.count === 1 ? "archivo" : "archivos"} · {megabytes(chosen.bytes)}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={busy} data-testid="upload-submit">
            Importar
          </Button>
        </Group>
        {state.phase === "uploading" && (
          <Stack gap={4} data-testid="upload-progress">
            <Progress value={state.percent} animated aria-label="Progreso de la carga" />
            <Text size="sm" c="dimmed">
              Subiendo e importando… {state.percent} % ({megabytes(state.bytes)})
            </Text>
          </Stack>
        )}
        {state.phase === "processing" && (
          <Stack gap={4} data-testid="upload-progress">
            <Progress value={100} animated aria-label="Progreso de la carga" />
            <Text size="sm" c="dimmed">
              Terminando de importar…
            </Text>
          </Stack>
        )}
        {state.phase === "failed" && (
          <Alert color="red" role="alert">
            {state.message}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
