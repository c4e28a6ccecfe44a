import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { getEnv } from "./env.server";

let utils: ReturnType<typeof createToastUtilsWithCustomSession> | undefined;

/**
 * remix-toast 1.2's own cookie "signing" is a no-op (its sign() returns the value unchanged), so the
 * flash cookie lives in a session storage of ours, signed with the app's secret.
 */
function toastUtils() {
  if (utils) return utils;
  const env = getEnv();
  utils = createToastUtilsWithCustomSession(
    createCookieSessionStorage({
      cookie: {
        name: "toast",
        secrets: [env.SESSION_SECRET],
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure: env.NODE_ENV === "production",
      },
    }),
  );
  return utils;
}

export function getToast(request: Request) {
  return toastUtils().getToast(request);
}

export function redirectWithError(url: string, message: string, init?: ResponseInit) {
  return toastUtils().redirectWithError(url, message, init);
}

export function redirectWithSuccess(url: string, message: string, init?: ResponseInit) {
  return toastUtils().redirectWithSuccess(url, message, init);
}
