import { Transform, type TransformCallback } from "node:stream";
import type { NextFunction, Request, Response } from "express";
import { MAX_STATEMENT_BYTES } from "~/domain/bank/statement";
import { MAX_UPLOAD_BYTES } from "~/services/receipts/receipts-upload.server";

export const BODY_TOO_LARGE_MESSAGE =
  "La solicitud es demasiado grande para esta página. Reduzca los datos enviados e intente de nuevo.";

const KB = 1024;
const MB = 1024 * KB;
export const SIGN_IN_BODY_LIMIT = 8 * KB;
export const DEFAULT_BODY_LIMIT = 1 * MB;
// The upload route enforces its own cap with a Spanish page; this one only keeps a margin for the
// multipart framing around it.
export const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 1 * MB;
export const CATALOG_BODY_LIMIT = 4 * MB;
// The statement upload answers its own cap in Spanish, like the receipt upload.
export const STATEMENT_BODY_LIMIT = MAX_STATEMENT_BYTES + 1 * MB;

const LIMITS: Record<string, number> = {
  "/login": SIGN_IN_BODY_LIMIT,
  "/otp": SIGN_IN_BODY_LIMIT,
  "/otp-verification": SIGN_IN_BODY_LIMIT,
  "/forgot-password": SIGN_IN_BODY_LIMIT,
  "/reset-password": SIGN_IN_BODY_LIMIT,
  "/logout": SIGN_IN_BODY_LIMIT,
  // The receipt upload posts to /detail (its page) and to /detail/import (the progress endpoint).
  "/detail": UPLOAD_BODY_LIMIT,
  "/detail/import": UPLOAD_BODY_LIMIT,
  "/admin/catalog": CATALOG_BODY_LIMIT,
  "/admin/bank": STATEMENT_BODY_LIMIT,
};

/** The largest body a path accepts; Remix matches paths case-insensitively, so the lookup does too. */
export function bodyLimitFor(path: string): number {
  const normalized = path.toLowerCase().replace(/\/+$/, "") || "/";
  return LIMITS[normalized] ?? DEFAULT_BODY_LIMIT;
}

export class BodyTooLargeError extends Error {
  constructor() {
    super(BODY_TOO_LARGE_MESSAGE);
    this.name = "BodyTooLargeError";
  }
}

/** Passes bytes through until more than `limit` have gone by, then fails without buffering the rest. */
export class BodyLimit extends Transform {
  received = 0;
  exceeded = false;

  constructor(readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.received += chunk.length;
    if (this.received > this.limit) {
      this.exceeded = true;
      callback(new BodyTooLargeError());
      return;
    }
    callback(null, chunk);
  }
}

export function sendBodyTooLarge(res: Response) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // The rest of the body is never read, so the connection cannot be reused.
  res.status(413).set("Connection", "close").type("text/plain; charset=utf-8").send(BODY_TOO_LARGE_MESSAGE);
}

function hasBody(req: Request): boolean {
  if (req.method === "GET" || req.method === "HEAD") return false;
  return req.headers["transfer-encoding"] !== undefined || (req.headers["content-length"] ?? "0") !== "0";
}

/** The counted body stream the request handler must read instead of `req`, when there is one. */
export function limitedBody(res: Response): BodyLimit | undefined {
  return res.locals.limitedBody as BodyLimit | undefined;
}

/**
 * Refuses a body larger than its route accepts before it is read: at once when Content-Length says
 * so, and for chunked (or lying) bodies as soon as the byte count passes the limit. The Remix handler
 * reads the counted stream, never `req` itself.
 */
export function limitRequestBody(limitFor: (path: string) => number = bodyLimitFor) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!hasBody(req)) return next();
    const limit = limitFor(req.path);
    const declared = req.headers["content-length"];
    if (declared !== undefined && !(Number(declared) <= limit)) return sendBodyTooLarge(res);
    const counter = new BodyLimit(limit);
    // Nobody may be listening yet when the limit is crossed; the handler checks `exceeded` itself.
    counter.on("error", () => undefined);
    counter.once("error", () => req.unpipe(counter));
    req.pipe(counter);
    res.locals.limitedBody = counter;
    next();
  };
}
