import {
  createReadableStreamFromReadable,
  createRequestHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";
import type { NextFunction, Request, Response } from "express";
import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { forgetRequest, REQUEST_ID_HEADER } from "../utils/once-per-request.server";
import { preparedDocumentOf, type PreparedDocument } from "../utils/prepared-document.server";
import { limitedBody, sendBodyTooLarge } from "./body-limit.server";

/**
 * @remix-run/express's handler with two changes: the body is the counted stream of
 * `limitRequestBody` (so an oversize body ends in a 413, not in memory), and the server runs in
 * production mode whatever NODE_ENV says — development mode serialises error stacks into the page
 * and into data responses, and no browser should ever see one.
 */
export function createAppRequestHandler({
  build,
  getLoadContext,
}: {
  build: ServerBuild;
  getLoadContext: (req: Request, res: Response) => AppLoadContext;
}) {
  const handle = createRequestHandler(build, "production");
  return async (req: Request, res: Response, next: NextFunction) => {
    const body = limitedBody(res);
    try {
      const request = toFetchRequest(req, res, body);
      const response = await handle(request, getLoadContext(req, res));
      if (body?.exceeded) return sendBodyTooLarge(res);
      await sendRemixResponse(req, res, response);
    } catch (error) {
      if (body?.exceeded) return sendBodyTooLarge(res);
      next(error);
    }
  };
}

function toFetchRequest(req: Request, res: Response, body: Readable | undefined): globalThis.Request {
  // As @remix-run/express builds it (port from X-Forwarded-Host or Host; hostname honours trust proxy).
  const port = [req.get("X-Forwarded-Host"), req.get("host")]
    .map((host) => Number.parseInt(host?.split(":")[1] ?? "", 10))
    .find((value) => Number.isSafeInteger(value));
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  let controller: AbortController | null = new AbortController();
  const signal = controller.signal;
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined || key.toLowerCase() === REQUEST_ID_HEADER) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(key, value);
  }
  // The loaders of this request share their reads under this id (see oncePerRequest).
  const requestId = randomUUID();
  headers.set(REQUEST_ID_HEADER, requestId);
  res.on("close", () => forgetRequest(requestId));
  if (req.method === "GET" || req.method === "HEAD")
    return new Request(url.href, { method: req.method, headers, signal });
  return new Request(url.href, {
    method: req.method,
    headers,
    signal,
    body: createReadableStreamFromReadable(body ?? req),
    duplex: "half",
  } as RequestInit);
}

async function sendRemixResponse(req: Request, res: Response, response: globalThis.Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  const prepared = preparedDocumentOf(response);
  if (prepared) return sendPrepared(req, res, prepared);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/** A reused page's bytes as they are: compressed once when kept, so the compression middleware skips them. */
function sendPrepared(req: Request, res: Response, document: PreparedDocument) {
  res.vary("Accept-Encoding");
  const takesGzip = Boolean(req.headers["accept-encoding"]) && req.acceptsEncodings("gzip", "identity") === "gzip";
  const gzip = takesGzip ? document.gzip() : null;
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  const body = gzip ?? document.html();
  res.setHeader("Content-Length", body.length);
  res.end(body);
}
