/**
 * Receipt import benchmark: a ZIP of generated Hacienda documents (all kinds, versions 4.3 and 4.4,
 * colones and dollars, about 30 % followed by Hacienda's answer) uploaded as a multipart request and
 * imported end to end — unzip, parse, arithmetic checks, duplicate checks, storage — on the embedded
 * database. Each round uses a fresh database. Target: at least 300 documents per second.
 * Run: npx tsx bench/receipt-import.ts [receipts]
 */
import mongoose from "mongoose";
import { Receipt } from "../models/receipt";
import { importUpload } from "../app/services/receipts/receipts-upload.server";
import { startEmbeddedMongo } from "../packages/embedded-mongo/src/index";
import { generateBatch } from "../scripts/hacienda-samples/src/generate";
import { zipSamples } from "../scripts/hacienda-samples/src/output";

const TARGET_PER_SECOND = 300;
const ROUNDS = 3;
const receiptsWanted = Number(process.argv[2] ?? 1_000);

const organization = { id: "CR:3101123456", cedula: "3101123456", name: "Ferretería El Clavo S.A." };
const documents = generateBatch({ seed: "bench", count: receiptsWanted, from: "2025-01-01", to: "2025-12-31" });
const zip = zipSamples(documents);
const kinds = new Map<string, number>();
for (const document of documents)
  kinds.set(`${document.kind} ${document.version}`, (kinds.get(`${document.kind} ${document.version}`) ?? 0) + 1);

function uploadRequest(): Request {
  const form = new FormData();
  form.append("files", new File([Uint8Array.from(zip)], "comprobantes-2025.zip", { type: "application/zip" }));
  return new Request("http://localhost/detail?index", { method: "POST", body: form });
}

const server = await startEmbeddedMongo({ port: 0 });
try {
  console.log(
    `${documents.length} documentos (${receiptsWanted} comprobantes + ${documents.length - receiptsWanted} respuestas de Hacienda), ` +
      `ZIP de ${(zip.length / (1024 * 1024)).toFixed(1)} MB`,
  );
  console.log(
    `tipos: ${[...kinds]
      .sort()
      .map(([kind, count]) => `${kind}: ${count}`)
      .join(", ")}`,
  );
  const rates: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    await mongoose.connect(`${server.uri}/bench_receipts_${round}`);
    await Receipt.init();
    const start = performance.now();
    const outcome = await importUpload(uploadRequest(), organization);
    const seconds = (performance.now() - start) / 1000;
    if (!outcome.ok) throw new Error(outcome.refusals[0].message);
    const { counts } = outcome.report;
    if (counts.importado !== documents.length)
      throw new Error(`se esperaban ${documents.length} importados: ${JSON.stringify(counts)}`);
    const rate = documents.length / seconds;
    rates.push(rate);
    console.log(`ronda ${round}: ${seconds.toFixed(2)} s, ${Math.round(rate)} documentos/s`);
    await mongoose.connection.dropDatabase();
    await mongoose.disconnect();
  }
  rates.sort((a, b) => a - b);
  const median = rates[Math.floor(ROUNDS / 2)];
  console.log(
    `importación (subir ZIP → descomprimir → parsear → guardar): mediana ${Math.round(median)} documentos/s (meta ≥ ${TARGET_PER_SECOND})`,
  );
  if (median < TARGET_PER_SECOND) process.exitCode = 1;
} finally {
  await mongoose.disconnect();
  await server.close();
}
