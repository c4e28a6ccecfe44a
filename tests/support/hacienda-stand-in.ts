/**
 * A local stand-in for Hacienda's identity provider and reception API, as documented (docs/domain/hacienda-api.md
 * §2–§3): password and refresh_token grants; `POST recepcion` (202, or X-Error-Cause — "recibido
 * anteriormente" for a clave it already has); `GET recepcion/{clave}` going recibido → procesando →
 * aceptado/rechazado with a MensajeHacienda in `respuesta-xml`. Knobs make it fail with a 500, answer
 * too slowly (a timeout), reject a document, or expire tokens; it counts every POST per clave.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { randomBytes } from "node:crypto";
import { kindNamespace, PLACEHOLDER_SIGNATURE } from "../../app/domain/hacienda";

export interface ReceivedDocument {
  clave: string;
  body: Record<string, unknown>;
  xml: string;
  /** GETs answered so far (the state moves on with each). */
  polls: number;
  receivedAt: Date;
}

type Method = "POST" | "GET" | "TOKEN";

type Reply = (_: null, status: number, body?: unknown, headers?: Record<string, string>) => void;

export interface HaciendaStandIn {
  /** Values for the app's HACIENDA_PRUEBAS_* environment variables. */
  tokenUrl: string;
  apiUrl: string;
  username: string;
  password: string;
  received: Map<string, ReceivedDocument>;
  /** POST requests per clave, whatever the answer. */
  postCount(clave: string): number;
  /** Token grants answered, by grant type. */
  grants: { password: number; refresh_token: number };
  /** The next `times` requests of that kind fail with this HTTP status (500 by default). */
  failNext(method: Method, times?: number, status?: number): void;
  /** The next `times` requests of that kind are handled, but answered only after `ms` (a client timeout). */
  delayNext(method: Method, ms: number, times?: number): void;
  /** Hacienda will reject this clave, with this DetalleMensaje. */
  reject(clave: string, detalle: string): void;
  /** Lifetime of new access tokens (refresh tokens live ten times longer). */
  tokenLifetimeSeconds: number;
  /** How many GETs a document spends in "recibido" and in "procesando" before its final state. */
  pollsBeforeFinal: number;
  close(): Promise<void>;
}

const REJECTED_PREFIX = "El comprobante electrónico fue rechazado";

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function textOf(xml: string, element: string): string | undefined {
  return new RegExp(`<(?:\\w+:)?${element}>\\s*([^<]+?)\\s*<`).exec(xml)?.[1];
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Hacienda's answer for a received document (v4.4 MensajeHacienda, with a structural signature). */
export function mensajeHaciendaFor(document: ReceivedDocument, estado: "aceptado" | "rechazado", detalle: string) {
  const emisor = document.body.emisor as { tipoIdentificacion: string; numeroIdentificacion: string };
  const receptor = document.body.receptor as { tipoIdentificacion: string; numeroIdentificacion: string } | undefined;
  const xml = document.xml;
  const emisorBlock = /<(?:\w+:)?Emisor>([\s\S]*?)<\/(?:\w+:)?Emisor>/.exec(xml)?.[1] ?? "";
  const receptorBlock = /<(?:\w+:)?Receptor>([\s\S]*?)<\/(?:\w+:)?Receptor>/.exec(xml)?.[1] ?? "";
  const lines = [
    `<Clave>${document.clave}</Clave>`,
    `<NombreEmisor>${escapeXml(textOf(emisorBlock, "Nombre") ?? "Emisor")}</NombreEmisor>`,
    `<TipoIdentificacionEmisor>${emisor.tipoIdentificacion}</TipoIdentificacionEmisor>`,
    `<NumeroCedulaEmisor>${emisor.numeroIdentificacion}</NumeroCedulaEmisor>`,
    ...(receptor
      ? [
          `<NombreReceptor>${escapeXml(textOf(receptorBlock, "Nombre") ?? "Receptor")}</NombreReceptor>`,
          `<TipoIdentificacionReceptor>${receptor.tipoIdentificacion}</TipoIdentificacionReceptor>`,
          `<NumeroCedulaReceptor>${receptor.numeroIdentificacion}</NumeroCedulaReceptor>`,
        ]
      : []),
    `<Mensaje>${estado === "aceptado" ? "1" : "3"}</Mensaje>`,
    `<EstadoMensaje>${estado === "aceptado" ? "Aceptado" : "Rechazado"}</EstadoMensaje>`,
    `<DetalleMensaje>${escapeXml(detalle)}</DetalleMensaje>`,
    `<MontoTotalImpuesto>${textOf(xml, "TotalImpuesto") ?? textOf(xml, "MontoTotalImpuesto") ?? "0.00000"}</MontoTotalImpuesto>`,
    `<TotalFactura>${textOf(xml, "TotalComprobante") ?? textOf(xml, "TotalFactura") ?? "0.00000"}</TotalFactura>`,
    PLACEHOLDER_SIGNATURE,
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<MensajeHacienda xmlns="${kindNamespace("MH", "4.4")}">\n${lines.join("\n")}\n</MensajeHacienda>\n`;
}

export async function startHaciendaStandIn(): Promise<HaciendaStandIn> {
  const received = new Map<string, ReceivedDocument>();
  const posts = new Map<string, number>();
  const rejections = new Map<string, string>();
  const failures: Record<Method, Array<number>> = { POST: [], GET: [], TOKEN: [] };
  const delays: Record<Method, Array<number>> = { POST: [], GET: [], TOKEN: [] };
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Map<string, number>();
  const username = "cpj-3-101-123456@stag.comprobanteselectronicos.go.cr";
  const password = randomBytes(8).toString("hex");
  const sockets = new Set<Socket>();

  const standIn = {
    received,
    username,
    password,
    grants: { password: 0, refresh_token: 0 },
    tokenLifetimeSeconds: 300,
    pollsBeforeFinal: 2,
  } as HaciendaStandIn;

  const issueTokens = () => {
    const access = randomBytes(16).toString("hex");
    const refresh = randomBytes(16).toString("hex");
    const now = Date.now();
    accessTokens.set(access, now + standIn.tokenLifetimeSeconds * 1000);
    refreshTokens.set(refresh, now + standIn.tokenLifetimeSeconds * 10_000);
    return {
      access_token: access,
      expires_in: standIn.tokenLifetimeSeconds,
      refresh_token: refresh,
      refresh_expires_in: standIn.tokenLifetimeSeconds * 10,
      token_type: "bearer",
    };
  };

  const authorized = (request: IncomingMessage) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    const until = token ? accessTokens.get(token) : undefined;
    return until !== undefined && until > Date.now();
  };

  const send = (response: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) => {
    if (response.destroyed) return;
    response.writeHead(status, { ...(body !== undefined ? { "Content-Type": "application/json" } : {}), ...headers });
    response.end(body !== undefined ? JSON.stringify(body) : undefined);
  };

  const countPost = (text: string) => {
    let clave = "";
    try {
      clave = String((JSON.parse(text) as { clave?: unknown }).clave ?? "");
    } catch {
      // counted under "" below
    }
    posts.set(clave, (posts.get(clave) ?? 0) + 1);
  };

  async function handle(method: Method, request: IncomingMessage, text: string, reply: Reply) {
    const path = (request.url ?? "").split("?")[0];
    if (method === "TOKEN") {
      const form = new URLSearchParams(text);
      const grant = form.get("grant_type");
      if (form.get("client_id") !== "api-stag") return reply(null, 400, { error: "invalid_client" });
      if (grant === "password") {
        if (form.get("username") !== username || form.get("password") !== password) {
          return reply(null, 401, { error: "invalid_grant", error_description: "Invalid user credentials" });
        }
        standIn.grants.password++;
        return reply(null, 200, issueTokens());
      }
      if (grant === "refresh_token") {
        const until = refreshTokens.get(form.get("refresh_token") ?? "");
        if (!until || until <= Date.now()) return reply(null, 400, { error: "invalid_grant" });
        refreshTokens.delete(form.get("refresh_token")!);
        standIn.grants.refresh_token++;
        return reply(null, 200, issueTokens());
      }
      return reply(null, 400, { error: "unsupported_grant_type" });
    }
    if (!authorized(request)) return reply(null, 401, undefined, { "X-Error-Cause": "Token inválido o vencido" });
    if (method === "POST") {
      const body = JSON.parse(text) as Record<string, unknown>;
      const clave = String(body.clave ?? "");
      if (!/^\d{50}$/.test(clave) || typeof body.comprobanteXml !== "string" || !body.emisor || !body.fecha) {
        return reply(null, 400, undefined, { "X-Error-Cause": "El cuerpo del mensaje no es válido" });
      }
      if (received.has(clave)) {
        return reply(null, 400, undefined, {
          "X-Error-Cause": `El comprobante [${clave}] ya había sido recibido anteriormente.`,
        });
      }
      received.set(clave, {
        clave,
        body,
        xml: Buffer.from(body.comprobanteXml, "base64").toString("utf8"),
        polls: 0,
        receivedAt: new Date(),
      });
      return reply(null, 202);
    }
    const clave = decodeURIComponent(path.slice(path.lastIndexOf("/") + 1));
    const document = received.get(clave);
    if (!document) return reply(null, 404, undefined, { "X-Error-Cause": "El comprobante no ha sido recibido" });
    document.polls++;
    const state =
      document.polls <= Math.floor(standIn.pollsBeforeFinal / 2)
        ? "recibido"
        : document.polls <= standIn.pollsBeforeFinal
          ? "procesando"
          : rejections.has(clave)
            ? "rechazado"
            : "aceptado";
    const final = state === "aceptado" || state === "rechazado";
    return reply(null, 200, {
      clave,
      fecha: document.body.fecha,
      "ind-estado": state,
      ...(final
        ? {
            "respuesta-xml": Buffer.from(
              mensajeHaciendaFor(
                document,
                state,
                state === "rechazado"
                  ? `${REJECTED_PREFIX}: ${rejections.get(clave)}`
                  : "Este comprobante fue aceptado por el Ministerio de Hacienda.",
              ),
            ).toString("base64"),
          }
        : {}),
    });
  }

  const server = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    const method: Method | null = path.endsWith("/openid-connect/token")
      ? "TOKEN"
      : request.method === "POST" && path.endsWith("/recepcion")
        ? "POST"
        : request.method === "GET" && /\/recepcion\/[^/]+$/.test(path)
          ? "GET"
          : null;
    if (!method) return send(response, 404);
    const failure = failures[method].shift();
    const delay = failure === undefined ? delays[method].shift() : undefined;
    void readBody(request).then(async (text) => {
      if (method === "POST") countPost(text);
      if (failure !== undefined) {
        return send(response, failure, undefined, { "X-Error-Cause": "Error interno del servidor" });
      }
      // Handled now; with a delay, answered late: the client gives up while Hacienda has the document.
      let answer: [number, unknown?, Record<string, string>?] = [500];
      await handle(method, request, text, (_, status, body, headers) => {
        answer = [status, body, headers];
      }).catch((error) => {
        answer = [500, { error: String(error) }];
      });
      const write = () => send(response, answer[0], answer[1], answer[2]);
      if (delay === undefined) write();
      else setTimeout(write, delay);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;

  return Object.assign(standIn, {
    tokenUrl: `${base}/auth/realms/rut-stag/protocol/openid-connect/token`,
    apiUrl: `${base}/recepcion-sandbox/v1/`,
    postCount: (clave: string) => posts.get(clave) ?? 0,
    failNext(method: Method, times = 1, status = 500) {
      for (let i = 0; i < times; i++) failures[method].push(status);
    },
    delayNext(method: Method, ms: number, times = 1) {
      for (let i = 0; i < times; i++) delays[method].push(ms);
    },
    reject(clave: string, detalle: string) {
      rejections.set(clave, detalle);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
