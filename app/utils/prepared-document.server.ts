/**
 * A document whose bytes are ready before the response is written: `entry.server` marks the Response
 * it returns for a reused page, and the server's adapter writes those bytes (already compressed when
 * the browser takes gzip) instead of reading the Response's stream back and compressing it again
 * (decision 175). The Response keeps its ordinary body, so anything else that reads it gets the page.
 * The mark is a registered symbol because the Remix build and the server load this file separately.
 */
export interface PreparedDocument {
  html(): Buffer;
  /** Null when this Node cannot assemble gzip from kept pieces. */
  gzip(): Buffer | null;
}

const PREPARED = Symbol.for("contabilidad-cr.prepared-document");

type Marked = Response & { [PREPARED]?: PreparedDocument };

export function markPrepared(response: Response, document: PreparedDocument): Response {
  (response as Marked)[PREPARED] = document;
  return response;
}

export function preparedDocumentOf(response: Response): PreparedDocument | undefined {
  return (response as Marked)[PREPARED];
}
