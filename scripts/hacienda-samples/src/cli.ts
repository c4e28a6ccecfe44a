/**
 * Writes a batch of sample Hacienda documents to a folder and/or a ZIP.
 *
 *   npx tsx scripts/hacienda-samples/src/cli.ts --out tmp/samples --zip tmp/samples.zip \
 *     --count 200 --seed 7 --month 2025-10 [--from 2025-01-01 --to 2025-12-31] \
 *     [--issued-share 0.5] [--versions 4.3,4.4] [--usd-share 0.15] [--answers 0.3]
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import type { HaciendaVersion } from "../../../app/domain/hacienda/codes";
import { generateBatch } from "./generate";
import { writeSamples, zipSamples } from "./output";

const { values } = parseArgs({
  options: {
    out: { type: "string" },
    zip: { type: "string" },
    count: { type: "string", default: "100" },
    seed: { type: "string", default: "1" },
    month: { type: "string" },
    from: { type: "string" },
    to: { type: "string" },
    "issued-share": { type: "string" },
    versions: { type: "string" },
    "usd-share": { type: "string" },
    answers: { type: "string" },
  },
});

if (!values.out && !values.zip) {
  console.error("Indique --out <carpeta> y/o --zip <archivo.zip>.");
  process.exit(2);
}

const number = (text: string | undefined) => (text === undefined ? undefined : Number(text));
const documents = generateBatch({
  seed: values.seed!,
  count: Number(values.count),
  month: values.month,
  from: values.from,
  to: values.to,
  issuedShare: number(values["issued-share"]),
  versions: values.versions?.split(",").map((version) => version.trim() as HaciendaVersion),
  usdShare: number(values["usd-share"]),
  mensajeHaciendaShare: number(values.answers),
});

if (values.out) {
  const files = await writeSamples(documents, values.out);
  console.log(`${files.length} archivos XML en ${values.out}`);
}
if (values.zip) {
  await mkdir(path.dirname(values.zip), { recursive: true });
  const zip = zipSamples(documents);
  await writeFile(values.zip, zip);
  console.log(`${documents.length} documentos en ${values.zip} (${zip.length} bytes)`);
}
