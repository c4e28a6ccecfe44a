/** Writes generated documents as .xml files or as one ZIP (what clients upload). */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { strToU8, zipSync, type Zippable } from "fflate";
import type { GeneratedDocument } from "./generate";

export async function writeSamples(documents: GeneratedDocument[], directory: string): Promise<string[]> {
  await mkdir(directory, { recursive: true });
  const files = documents.map((document) => path.join(directory, document.fileName));
  await Promise.all(documents.map((document, index) => writeFile(files[index], document.xml)));
  return files;
}

export function zipSamples(documents: GeneratedDocument[]): Uint8Array {
  const entries: Zippable = {};
  for (const document of documents) entries[document.fileName] = strToU8(document.xml);
  return zipSync(entries, { level: 6, mtime: new Date("2025-01-01T00:00:00Z") });
}
