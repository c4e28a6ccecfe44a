import { writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { OWNER_ONLY_FILE, ownerOnlyDirectory } from "./owner-only.server";

export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  raw: string;
  receivedAt: Date;
}

export interface MailCapture {
  url: string;
  messages: CapturedMail[];
  waitForMail(predicate: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that keeps what it receives. It stands in for the mail relay offline
 * and in tests, so the application always sends through its real SMTP transport.
 */
export async function startMailCapture(
  options: { port?: number; dir?: string; log?: (line: string) => void } = {},
): Promise<MailCapture> {
  const messages: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  // Captured mails carry password-reset and invitation links: only the owner may read them.
  if (options.dir) await ownerOnlyDirectory(options.dir);

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail = parseMail(
          raw,
          session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          session.envelope.rcptTo.map((r) => r.address),
        );
        messages.push(mail);
        if (options.dir) {
          const file = path.join(options.dir, `${mail.receivedAt.toISOString().replace(/[:.]/g, "-")}.eml`);
          await writeFile(file, raw, { mode: OWNER_ONLY_FILE }).catch(() => undefined);
          options.log?.(`mail captured for ${mail.to.join(", ")}: "${mail.subject}" → ${file}`);
        }
        for (const wake of waiters) wake();
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching mail within ${timeoutMs} ms (${messages.length} captured)`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function parseMail(raw: string, from: string, to: string[]): CapturedMail {
  const { headers, body } = splitHeaders(raw);
  return {
    from,
    to,
    subject: decodeHeader(headers.get("subject") ?? ""),
    text: extractText(headers, body),
    raw,
    receivedAt: new Date(),
  };
}

function splitHeaders(part: string): { headers: Map<string, string>; body: string } {
  const separator = part.search(/\r?\n\r?\n/);
  const head = separator === -1 ? part : part.slice(0, separator);
  const body = separator === -1 ? "" : part.slice(separator).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function extractText(headers: Map<string, string>, body: string): string {
  const contentType = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith("multipart/") && boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1, -1)
      .map((p) => splitHeaders(p.replace(/^\r?\n/, "")));
    const plain =
      parts.find((p) => (p.headers.get("content-type") ?? "").toLowerCase().startsWith("text/plain")) ?? parts[0];
    return plain ? extractText(plain.headers, plain.body) : "";
  }
  return decodeBody(body, headers.get("content-transfer-encoding") ?? "7bit");
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    case "quoted-printable":
      return decodeQuotedPrintable(body);
    default:
      return body;
  }
}

function decodeQuotedPrintable(input: string): string {
  const bytes = input
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function decodeHeader(value: string): string {
  // RFC 2047: adjacent encoded words form one text (a character may be split across them), and the
  // white space between them is not part of it.
  return value.replace(/(?:=\?utf-8\?[bq]\?[^?]*\?=\s*)+/gi, (run) => {
    const bytes = [...run.matchAll(/=\?utf-8\?([bq])\?([^?]*)\?=/gi)].map(([, kind, text]) =>
      kind.toLowerCase() === "b"
        ? Buffer.from(text, "base64")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ),
    );
    const trailing = /\s*$/.exec(run)?.[0] ?? "";
    return Buffer.concat(bytes).toString("utf8") + trailing;
  });
}
