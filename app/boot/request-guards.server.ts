import { CLIENT_ADDRESS_HEADER } from "~/utils/throttle.server";
import type { NextFunction, Request, Response } from "express";

export const CROSS_ORIGIN_MESSAGE = "Solicitud rechazada: el formulario no proviene de esta aplicación.";

/**
 * Remix sees only the Fetch request, so the client's address travels in a header. It is always
 * overwritten here, so a client cannot pick its own address to dodge the per-address sign-in limits.
 */
export function passClientAddress(req: Request, _res: Response, next: NextFunction) {
  req.headers[CLIENT_ADDRESS_HEADER] = req.ip ?? req.socket.remoteAddress ?? "unknown";
  next();
}

/** Whether a state-changing request comes from another site (or an opaque origin). */
export function isCrossOrigin(method: string, origin: string | undefined, host: string | undefined): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(method.toUpperCase()) || origin === undefined) return false;
  if (origin === "null" || !host) return true;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

/**
 * Remix 2.17 aborts such requests by throwing, which becomes a 500; answer them with a 403 first.
 */
export function refuseCrossOrigin(trustProxy: boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    const host = (trustProxy && req.get("x-forwarded-host")?.split(",")[0]?.trim()) || req.get("host");
    if (isCrossOrigin(req.method, req.get("origin"), host)) {
      res.status(403).type("text/plain; charset=utf-8").send(CROSS_ORIGIN_MESSAGE);
      return;
    }
    next();
  };
}
