/**
 * A route opts in to having its rendered document reused (decision 211) with
 * `export const handle = REUSE_RENDERED_DOCUMENT` (or a handle that includes it). Only a route whose
 * page React renders from the URL and the loaders' data alone may: see the rule in `entry.server.tsx`.
 */
export interface DocumentReuseHandle {
  reuseRenderedDocument: true;
}

export const REUSE_RENDERED_DOCUMENT: DocumentReuseHandle = { reuseRenderedDocument: true };

export function reusesRenderedDocument(handle: unknown): boolean {
  return (
    typeof handle === "object" &&
    handle !== null &&
    (handle as Partial<DocumentReuseHandle>).reuseRenderedDocument === true
  );
}
