/**
 * Wraps a read so it runs once per Request: the root, layout and page loaders of a document request
 * share one Request and run in parallel, and each would otherwise repeat the same database reads.
 * The extra arguments must be derived from the request (e.g. its signed-in user): they are not part of the key.
 */
export function oncePerRequest<Args extends unknown[], T>(read: (request: Request, ...args: Args) => Promise<T>) {
  const results = new WeakMap<Request, Promise<T>>();
  return (request: Request, ...args: Args): Promise<T> => {
    let result = results.get(request);
    if (!result) {
      result = read(request, ...args);
      results.set(request, result);
    }
    return result;
  };
}
