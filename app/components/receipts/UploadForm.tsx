import { Alert, Button, FileInput, Group, Input, Progress, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { countLabel } from "~/domain/text";
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

const FILES_LABEL = "Archivos XML o ZIP";
const ACCEPT = ".xml,.zip,application/xml,text/xml,application/zip,application/x-zip-compressed";
const INPUT_ID = "receipt-files";

/** What the Mantine field shows once files are chosen: their names, or how many there are. */
function ChosenFiles({ value }: { value: File | File[] | null }) {
  const files = Array.isArray(value) ? value : value ? [value] : [];
  const text =
    files.length <= 3 ? files.map((file) => file.name).join(", ") : countLabel(files.length, "archivo", "archivos");
  return <div style={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>{text}</div>;
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
  // Before hydration (and without JavaScript) the browser's own file input; once hydrated, Mantine's
  // field, whose texts are ours (Spanish) instead of the browser's ("Choose Files").
  const hydrated = useHydrated();
  const [files, setFiles] = useState<File[]>([]);
  const choose = (next: File[]) => {
    setFiles(next);
    setChosen(next.length > 0 ? { count: next.length, bytes: next.reduce((sum, file) => sum + file.size, 0) } : null);
  };
  // Files chosen in the browser's own input before the page hydrated would vanish when Mantine's field
  // replaces it: take them over in the first effect, while the native input is still mounted.
  useEffect(() => {
    const early = inputRef.current?.files;
    if (early && early.length > 0) choose([...early]);
  }, []);
  const busy = state.phase === "uploading" || state.phase === "processing" || state.phase === "queued";

  const update = (next: UploadState) => {
    setState(next);
    onResult(next);
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const picked = hydrated ? files : [...(inputRef.current?.files ?? [])];
    if (picked.length === 0) {
      update({ phase: "failed", message: "Seleccione al menos un archivo .xml o .zip." });
      return;
    }
    const total = picked.reduce((sum, file) => sum + file.size, 0);
    if (total > maxMegabytes * 1024 * 1024) {
      update({ phase: "failed", message: `La carga supera el máximo de ${maxMegabytes} MB; divídala en varios ZIP.` });
      return;
    }
    const body = new FormData();
    for (const file of picked) body.append("files", file, file.name);
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
        update({
          phase: "failed",
          message: "Su sesión terminó. Inicie sesión de nuevo y vuelva a subir los archivos.",
        });
        return;
      }
      const data = request.response as {
        report?: ImportReportData;
        error?: string;
        job?: { href: string } | null;
      } | null;
      if (request.status === 202 && data?.job) {
        update({ phase: "queued", href: data.job.href });
      } else if (request.status >= 200 && request.status < 300 && data?.report) {
        update({ phase: "done", report: data.report });
        if (inputRef.current) inputRef.current.value = "";
        choose([]);
      } else {
        update({
          phase: "failed",
          message: data?.error ?? `La carga falló (error ${request.status}). Intente de nuevo.`,
          report: data?.report,
        });
      }
    };
    request.onerror = () =>
      update({ phase: "failed", message: "Se perdió la conexión durante la carga. Intente de nuevo." });
    update({ phase: "uploading", percent: 0, bytes: 0 });
    request.send(body);
  }

  return (
    <form method="post" encType="multipart/form-data" action={action} onSubmit={submit} data-testid="upload-form">
      <Stack gap="sm">
        {hydrated ? (
          <FileInput
            multiple
            name="files"
            accept={ACCEPT}
            label={FILES_LABEL}
            description={`Uno o varios comprobantes (.xml), respuestas de Hacienda, o un .zip con ellos. Máximo ${maxMegabytes} MB por carga.`}
            placeholder="Elija uno o varios archivos…"
            // Mantine's placeholder grey is below WCAG AA contrast on white; this one is an instruction.
            styles={{ placeholder: { color: "var(--mantine-color-gray-7)" } }}
            value={files}
            onChange={choose}
            valueComponent={ChosenFiles}
            clearable
            clearButtonProps={{ "aria-label": "Quitar los archivos elegidos" }}
            // The label names the hidden file input (so it can be reached by its label, and clicking the
            // label chooses files); the button that opens the chooser says so itself.
            labelProps={{ htmlFor: INPUT_ID }}
            aria-label="Elegir los archivos"
            fileInputProps={{ id: INPUT_ID }}
            data-testid="upload-files"
          />
        ) : (
          <Input.Wrapper
            label={FILES_LABEL}
            description={`Uno o varios comprobantes (.xml), respuestas de Hacienda, o un .zip con ellos. Máximo ${maxMegabytes} MB por carga.`}
            id={INPUT_ID}
          >
            <input
              ref={inputRef}
              id={INPUT_ID}
              type="file"
              name="files"
              multiple
              required
              accept={ACCEPT}
              style={{ display: "block", marginTop: 8 }}
              onChange={(event) => choose([...(event.currentTarget.files ?? [])])}
            />
          </Input.Wrapper>
        )}
        {chosen && (
          <Text size="sm" c="dimmed">
            {countLabel(chosen.count, "archivo elegido", "archivos elegidos")} · {megabytes(chosen.bytes)}
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
