/**
 * Quick parse-only throughput figure (documents per second) over a generated batch.
 *   npx tsx scripts/hacienda-samples/src/parse-throughput.ts [count]
 */
import { parseComprobante } from "../../../app/domain/hacienda/parse";
import { generateBatch } from "./generate";

const count = Number(process.argv[2] ?? 2000);
const documents = generateBatch({ seed: "throughput", count, from: "2025-01-01", to: "2025-12-31" });
const bytes = documents.reduce((total, document) => total + document.xml.length, 0);

for (const document of documents.slice(0, 200)) parseComprobante(document.xml); // warm-up

const rounds = 3;
const rates: number[] = [];
for (let round = 0; round < rounds; round++) {
  const start = performance.now();
  let warnings = 0;
  for (const document of documents) {
    const result = parseComprobante(document.xml);
    if (!result.ok) throw new Error(`${document.fileName}: ${result.errors.join(" | ")}`);
    warnings += result.warnings.length;
  }
  const seconds = (performance.now() - start) / 1000;
  rates.push(documents.length / seconds);
  if (warnings > 0) console.warn(`${warnings} advertencias inesperadas`);
}
rates.sort((a, b) => a - b);
console.log(
  `${documents.length} documentos (${Math.round(bytes / documents.length)} bytes en promedio): ` +
    `mediana ${Math.round(rates[Math.floor(rounds / 2)])} documentos/s (solo parseComprobante, incluye verificación aritmética)`,
);
