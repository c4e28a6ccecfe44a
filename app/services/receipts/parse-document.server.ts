/**
 * One uploaded XML document → its hash and Hacienda's typed model, or the reasons to refuse it. The
 * CPU-heavy step of an import, run in the parse workers (parse-worker.server.ts); relative imports only,
 * since the worker loads this file outside the Remix build.
 */
import { createHash } from "node:crypto";
import { decodeXmlBytes } from "../../domain/hacienda/decode";
import { parseComprobante } from "../../domain/hacienda/parse";
import type { Comprobante } from "../../domain/hacienda/types";

export type ParsedDocument =
  { ok: true; sha: string; document: Comprobante; warnings: string[] } | { ok: false; errors: string[] };

export function parseDocument(bytes: Uint8Array): ParsedDocument {
  const result = parseComprobante(decodeXmlBytes(bytes));
  if (!result.ok) return result;
  return {
    ok: true,
    sha: createHash("sha256").update(bytes).digest("hex"),
    document: result.document,
    warnings: result.warnings,
  };
}
