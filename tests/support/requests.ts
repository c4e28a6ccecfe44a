import { Types } from "mongoose";
import { startSession } from "../../app/utils/session.server";

export const BASE_URL = "http://localhost:3000";

/** A cookie header for a session at the given stage, as the sign-in flow would have created it. */
export async function sessionCookieFor(userId: string, stage: "password" | "complete" = "complete"): Promise<string> {
  const setCookie = await startSession(new Request(BASE_URL), new Types.ObjectId(userId), stage);
  return setCookie.split(";")[0];
}

export function getRequest(path: string, cookie?: string): Request {
  return new Request(new URL(path, BASE_URL), { headers: cookie ? { Cookie: cookie } : {} });
}

export function postRequest(path: string, fields: Record<string, string> = {}, cookie?: string): Request {
  return new Request(new URL(path, BASE_URL), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Runs a loader or action and returns the Response whether it was returned or thrown. */
export async function respond(run: () => Promise<unknown>): Promise<Response> {
  try {
    const result = await run();
    if (result instanceof Response) return result;
    return new Response(JSON.stringify(result ?? null), { status: 200 });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
