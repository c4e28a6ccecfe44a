/**
 * Load on a report page: `clients` signed-in users (password and second factor through the real
 * forms) each ask for the document page again as soon as the last answer arrived, for `seconds`.
 * Used by bench/reports.ts against the built app in production mode.
 */
import http from "node:http";
import { generate } from "otplib";

export interface SignedInClient {
  email: string;
  cookie: string;
}

function cookieOf(response: Response, previous = ""): string {
  const jar = new Map(previous ? previous.split("; ").map((pair) => pair.split("=", 2) as [string, string]) : []);
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const [name, value] = pair.split("=", 2);
    jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** Password, then the TOTP code on /otp-verification: the session a browser would hold. */
export async function signIn(baseUrl: string, email: string, password: string, totpSecret: string) {
  const form = (fields: Record<string, string>) => ({
    method: "POST",
    redirect: "manual" as const,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl },
    body: new URLSearchParams(fields),
  });
  const login = await fetch(`${baseUrl}/login`, form({ email, password }));
  let cookie = cookieOf(login);
  // A user with a factor goes straight to its verification; /otp would send it there too.
  let verification = login.headers.get("Location");
  if (verification === "/otp") {
    const otp = await fetch(`${baseUrl}/otp`, { redirect: "manual", headers: { Cookie: cookie } });
    verification = otp.headers.get("Location");
  }
  if (!verification?.startsWith("/otp-verification"))
    throw new Error(`${email}: el inicio de sesión llevó a ${verification ?? login.status}`);
  const code = await generate({ secret: totpSecret });
  const verified = await fetch(new URL(verification, baseUrl), {
    ...form({ code }),
    headers: { ...form({}).headers, Cookie: cookie },
  });
  cookie = cookieOf(verified, cookie);
  if (verified.status !== 302) throw new Error(`${email}: la verificación respondió ${verified.status}`);
  return { email, cookie };
}

/** The page as this client gets it, uncompressed: it must hold `expected` (the report, not a sign-in form). */
export async function checkPage(baseUrl: string, client: SignedInClient, path: string, expected: string) {
  const response = await fetch(new URL(path, baseUrl), { redirect: "manual", headers: { Cookie: client.cookie } });
  const body = await response.text();
  if (response.status !== 200 || !body.includes(expected))
    throw new Error(`${client.email}: ${path} respondió ${response.status} sin «${expected}»`);
}

export interface LoadResult {
  requests: number;
  errors: number;
  firstError: string | null;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  bytes: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Every client asks for `path` with its own session, one request at a time, on a kept-alive
 * connection, accepting compressed answers as a browser does. An answer other than 200 is an error
 * (checkPage has made sure each session gets the page itself, not the sign-in form).
 */
export async function loadPage(
  baseUrl: string,
  clients: SignedInClient[],
  path: string,
  seconds: number,
): Promise<LoadResult> {
  const url = new URL(path, baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients.length });
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  let firstError: string | null = null;
  const fail = (why: string) => {
    errors++;
    firstError ??= why;
  };
  const once = (client: SignedInClient) =>
    new Promise<void>((resolve) => {
      const start = performance.now();
      const request = http.get(
        url,
        { agent, headers: { Cookie: client.cookie, "Accept-Encoding": "gzip, deflate, br", Accept: "text/html" } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            latencies.push(performance.now() - start);
            const body = Buffer.concat(chunks);
            bytes += body.length;
            if (response.statusCode !== 200) fail(`${response.statusCode} ${response.headers.location ?? ""}`);
            resolve();
          });
          response.on("error", (error) => (fail(error.message), resolve()));
        },
      );
      request.on("error", (error) => (fail(error.message), resolve()));
    });

  const start = performance.now();
  const until = start + seconds * 1000;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < until) await once(client);
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    firstError,
    seconds: elapsed,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    bytes,
  };
}
