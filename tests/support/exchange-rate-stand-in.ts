/**
 * A local stand-in for the two exchange-rate sources, as documented (docs/domain/exchange-rates.md §2–§3):
 * the BCCR web service's `ObtenerIndicadoresEconomicosXML` by HTTP GET (checks every documented
 * parameter; a wrong token or e-mail gets the text answer a refused subscription gets) and Hacienda's
 * `indicadores/tc/dolar`, `indicadores/tc/dolar/historico` and `indicadores/tc/euro` (the euro's last
 * published day, `colones` null when there is none yet). It publishes only the days it was given; knobs make the next answers fail with an HTTP status, arrive too late, or be malformed.
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

type Kind = "bccr" | "historico" | "today" | "euro";

export interface RateStandIn {
  /** Values for BCCR_INDICATORS_URL and HACIENDA_INDICATORS_URL. */
  bccrUrl: string;
  haciendaUrl: string;
  name: string;
  email: string;
  token: string;
  /** Publishes a day's rate (colones per dollar, as the source writes them). */
  publish(date: string, buy: string, sell: string): void;
  /** Publishes a day's euro (colones and dollars per euro, as `tc/euro` writes them). */
  publishEuro(date: string, colones: string, dollars: string): void;
  /** What `tc/dolar` answers as today. */
  today: string;
  /** Every request, as path and query. */
  requests: string[];
  failNext(kind: Kind, status?: number, times?: number): void;
  delayNext(kind: Kind, ms: number, times?: number): void;
  malformedNext(kind: Kind, times?: number): void;
  close(): Promise<void>;
}

const BCCR_PATH = "/Indicadores/Suscripciones/WS/wsindicadoreseconomicos.asmx";

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function isoFromBccr(text: string | null): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text ?? "");
  return match ? `${match[3]}-${match[2]}-${match[1]}` : null;
}

function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (
    let t = Date.parse(`${from}T00:00:00Z`);
    t <= Date.parse(`${to}T00:00:00Z`) && days.length < 1000;
    t += 86_400_000
  ) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

export async function startRateStandIn(): Promise<RateStandIn> {
  const rates = new Map<string, { buy: string; sell: string }>();
  const euros = new Map<string, { colones: string; dollars: string }>();
  const failures: Record<Kind, number[]> = { bccr: [], historico: [], today: [], euro: [] };
  const delays: Record<Kind, number[]> = { bccr: [], historico: [], today: [], euro: [] };
  const malformed: Record<Kind, number> = { bccr: 0, historico: 0, today: 0, euro: 0 };
  const sockets = new Set<Socket>();
  const standIn = {
    name: "Contabilidad CR pruebas",
    email: "tipo-de-cambio@contabilidad.example.cr",
    token: "TOKEN1234X",
    today: "2026-11-26",
    requests: [] as string[],
  } as RateStandIn;

  const reply = (response: ServerResponse, status: number, type: string, body: string) => {
    if (response.destroyed) return;
    response.writeHead(status, { "Content-Type": type });
    response.end(body);
  };

  function bccr(query: URLSearchParams): [number, string, string] {
    const xml = (text: string) =>
      [
        200,
        "text/xml; charset=utf-8",
        `<?xml version="1.0" encoding="utf-8"?>\n<string xmlns="http://ws.sdde.bccr.fi.cr">${escapeXml(text)}</string>`,
      ] as [number, string, string];
    const indicator = query.get("Indicador");
    const from = isoFromBccr(query.get("FechaInicio"));
    const to = isoFromBccr(query.get("FechaFinal"));
    if (!query.get("Nombre") || query.get("SubNiveles") !== "N" || !from || !to || !/^31[78]$/.test(indicator ?? "")) {
      return [500, "text/plain", "System.InvalidOperationException: Missing parameter"];
    }
    if (query.get("CorreoElectronico") !== standIn.email || query.get("Token") !== standIn.token) {
      return xml("Token o correo electrónico inválido");
    }
    const rows = daysBetween(from, to)
      .filter((day) => rates.has(day))
      .map(
        (day) =>
          `<INGC011_CAT_INDICADORECONOMIC><COD_INDICADORINTERNO>${indicator}</COD_INDICADORINTERNO><DES_FECHA>${day}T00:00:00-06:00</DES_FECHA><NUM_VALOR>${Number(indicator === "317" ? rates.get(day)!.buy : rates.get(day)!.sell).toFixed(8)}</NUM_VALOR></INGC011_CAT_INDICADORECONOMIC>`,
      );
    return xml(`<Datos_de_INGC011_CAT_INDICADORECONOMIC>${rows.join("")}</Datos_de_INGC011_CAT_INDICADORECONOMIC>`);
  }

  function historico(query: URLSearchParams): [number, string, string] {
    const from = query.get("d") ?? "";
    const to = query.get("h") ?? "";
    if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return [400, "application/json", "{}"];
    const items = daysBetween(from, to)
      .filter((day) => rates.has(day))
      .map((day) => `{"fecha":"${day} 00:00:00","compra":${rates.get(day)!.buy},"venta":${rates.get(day)!.sell}}`);
    return [200, "application/json", `[${items.join(",")}]`];
  }

  function today(): [number, string, string] {
    const rate = rates.get(standIn.today);
    if (!rate) return [404, "application/json", "{}"];
    const fecha = `${standIn.today}T00:00:00-06:00`;
    return [
      200,
      "application/json",
      `{"venta":{"fecha":"${fecha}","valor":${rate.sell}},"compra":{"fecha":"${fecha}","valor":${rate.buy}}}`,
    ];
  }

  function euro(): [number, string, string] {
    const last = [...euros.keys()]
      .filter((day) => day <= standIn.today)
      .sort()
      .at(-1);
    if (!last) return [200, "application/json", `{"fecha":"${standIn.today} 00:00:00","dolares":null,"colones":null}`];
    const { colones, dollars } = euros.get(last)!;
    return [200, "application/json", `{"fecha":"${last} 00:00:00","dolares":${dollars},"colones":${colones}}`];
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    standIn.requests.push(`${url.pathname}${url.search}`);
    const kind: Kind | null =
      request.method !== "GET"
        ? null
        : url.pathname === `${BCCR_PATH}/ObtenerIndicadoresEconomicosXML`
          ? "bccr"
          : url.pathname === "/indicadores/tc/dolar/historico"
            ? "historico"
            : url.pathname === "/indicadores/tc/dolar"
              ? "today"
              : url.pathname === "/indicadores/tc/euro"
                ? "euro"
                : null;
    if (!kind) return reply(response, 404, "text/plain", "Not found");
    const failure = failures[kind].shift();
    if (failure !== undefined)
      return reply(response, failure, "text/html", "<html><body>Service unavailable</body></html>");
    let answer: [number, string, string];
    if (malformed[kind] > 0) {
      malformed[kind]--;
      answer = [
        200,
        kind === "bccr" ? "text/xml" : "application/json",
        kind === "bccr" ? "<string>&lt;Datos_de_INGC011" : '{"venta":',
      ];
    } else {
      answer =
        kind === "bccr"
          ? bccr(url.searchParams)
          : kind === "historico"
            ? historico(url.searchParams)
            : kind === "euro"
              ? euro()
              : today();
    }
    const delay = delays[kind].shift();
    if (delay === undefined) reply(response, ...answer);
    else setTimeout(() => reply(response, ...answer), delay);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return Object.assign(standIn, {
    bccrUrl: `${base}${BCCR_PATH}`,
    haciendaUrl: `${base}/indicadores/`,
    publish(date: string, buy: string, sell: string) {
      rates.set(date, { buy, sell });
    },
    publishEuro(date: string, colones: string, dollars: string) {
      euros.set(date, { colones, dollars });
    },
    failNext(kind: Kind, status = 503, times = 1) {
      for (let i = 0; i < times; i++) failures[kind].push(status);
    },
    delayNext(kind: Kind, ms: number, times = 1) {
      for (let i = 0; i < times; i++) delays[kind].push(ms);
    },
    malformedNext(kind: Kind, times = 1) {
      malformed[kind] += times;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
