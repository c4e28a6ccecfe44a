/**
 * Wraps a read so it runs once per request: the root, layout and page loaders of a document request
 * run in parallel, and each would otherwise repeat the same database reads.
 *
 * Remix hands each loader its own copy of the Request (it strips `?index` and `_routes` into a new
 * one), so the Request object cannot be the key: the server marks every request it passes to Remix
 * with an id in `REQUEST_ID_HEADER` (replacing any value a client sent), which the copies keep, and
 * forgets that id's reads when the response ends. A Request without the mark (tests, scripts) is
 * its own key. The extra arguments must be derived from the request (e.g. its signed-in user): they
 * are not part of the key.
 */
export const REQUEST_ID_HEADER = "x-contabilidad-request-id";

declare global {
  // The server's request handler (build/server) forgets what the loaders (in the Remix build)
  // remember: two copies of this module, one map.
  var __readsByRequestId: Map<string, Map<unknown, Promise<unknown>>> | undefined;
}
const readsByRequestId = (globalThis.__readsByRequestId ??= new Map());

/** The response for this id has ended: its reads are not shared any more. */
export function forgetRequest(id: string): void {
  readsByRequestId.delete(id);
}

export function oncePerRequest<Args extends unknown[], T>(read: (request: Request, ...args: Args) => Promise<T>) {
  const results = new WeakMap<Request, Promise<T>>();
  return (request: Request, ...args: Args): Promise<T> => {
    const id = request.headers.get(REQUEST_ID_HEADER);
    if (id) {
      let reads = readsByRequestId.get(id);
      if (!reads) {
        reads = new Map();
        readsByRequestId.set(id, reads);
      }
      let shared = reads.get(read) as Promise<T> | undefined;
      if (!shared) {
        shared = read(request, ...args);
        reads.set(read, shared);
      }
      return shared;
    }
    let result = results.get(request);
    if (!result) {
      result = read(request, ...args);
      results.set(request, result);
    }
    return result;
  };
}

/** How many requests' reads are held (a test checks that ended requests are forgotten). */
export function heldRequestCount(): number {
  return readsByRequestId.size;
}
