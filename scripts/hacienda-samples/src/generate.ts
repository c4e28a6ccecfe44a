/**
 * Deterministic generator of realistic Hacienda documents (v4.3 and v4.4: FE, NC, ND, TE, FEC, FEE,
 * REP and MensajeHacienda) for tests, the demo seed, the import benchmark and e2e tests.
 * Every document validates against the official XSD (with a placeholder ds:Signature) and its
 * arithmetic is internally consistent. Same options and seed → same bytes.
 */
import { formatAmount, parseAmount, roundAmount, scaleAmount, type Amount } from "../../../app/domain/money";
import { buildClave, buildConsecutivo } from "../../../app/domain/hacienda/clave";
import {
  KIND_INFO,
  kindNamespace,
  type DocumentKind,
  type HaciendaVersion,
  type ReceiptKind,
} from "../../../app/domain/hacienda/codes";
import { COSTA_RICA_OFFSET, formatCostaRicaDateTime, normalizeDateTime } from "../../../app/domain/hacienda/datetime";
import { PLACEHOLDER_SIGNATURE } from "../../../app/domain/hacienda/placeholder-signature";
import { leaf, node, renderXmlDocument } from "../../../app/domain/hacienda/xml-text";
import {
  BUSINESS_PARTIES,
  CONSUMERS,
  EXPORT_GOODS,
  FERRETERIA_EL_CLAVO,
  FOREIGN_BUYERS,
  GOODS,
  SERVICES,
  UNREGISTERED_SUPPLIERS,
  type SampleItem,
  type SampleParty,
} from "./catalog";
import { planDocument, type PlanFeatures } from "./plan";
import { createRandom, type Random } from "./random";
import { writeReceiptXml, type PlannedReference } from "./write-xml";

export type { SampleParty } from "./catalog";
export { FERRETERIA_EL_CLAVO, BUSINESS_PARTIES, UNREGISTERED_SUPPLIERS, FOREIGN_BUYERS } from "./catalog";

export interface ReferenceInput {
  clave: string;
  fechaEmision: string;
  kind?: ReceiptKind;
}

export interface GenerateComprobanteOptions {
  kind: ReceiptKind;
  version: HaciendaVersion;
  seed: number | string;
  /** Defaults: Ferretería El Clavo issues; for an FEC an unregistered supplier sells to it. */
  emisor?: SampleParty;
  /** null = no receptor (allowed for TE, NC, ND, FEE). */
  receptor?: SampleParty | null;
  /** Issue instant (Date) or an ISO date / date-time (a date alone gets a business-hours time). */
  date?: Date | string;
  currency?: "CRC" | "USD";
  /** Colones per dollar, e.g. "507.43"; chosen between 500 and 530 when omitted. */
  tipoCambio?: string;
  /** The issuer's sequence number for this document type. */
  sequence?: number;
  lineCount?: number;
  /** The document an NC, ND or REP refers to; a plausible earlier FE is made up when omitted. */
  reference?: ReferenceInput;
  /** Force (true) or forbid (false) discounts, an exoneration or otros cargos. */
  features?: PlanFeatures;
}

export interface GeneratedDocument {
  xml: string;
  clave: string;
  kind: DocumentKind;
  version: HaciendaVersion;
  fileName: string;
  /** The comprobante's issue date-time (for a MensajeHacienda, that of the comprobante it answers). */
  fechaEmision: string;
  consecutivo?: string;
  emisor: SampleParty;
  receptor?: SampleParty;
  moneda: string;
  totalImpuesto: Amount;
  totalComprobante: Amount;
}

const RECEPTOR_OPTIONAL: ReadonlySet<ReceiptKind> = new Set(["TE", "NC", "ND", "FEE"]);

function amount(text: string): Amount {
  const value = parseAmount(text);
  if (value === null) throw new RangeError(`Monto inválido: ${text}`);
  return value;
}

function two(value: number): string {
  return String(value).padStart(2, "0");
}

function issueDateTime(date: Date | string | undefined, version: HaciendaVersion, random: Random): string {
  if (date instanceof Date) return formatCostaRicaDateTime(date);
  const day = typeof date === "string" ? date : version === "4.4" ? "2025-10-15" : "2025-03-14";
  if (/^\d{4}-\d{2}-\d{2}$/.test(day)) {
    return `${day}T${two(random.int(7, 18))}:${two(random.int(0, 59))}:${two(random.int(0, 59))}${COSTA_RICA_OFFSET}`;
  }
  const normalized = normalizeDateTime(day);
  if (!normalized) throw new RangeError(`Fecha inválida: ${day}`);
  return normalized;
}

function withDefaults(party: SampleParty): SampleParty {
  return {
    ...party,
    correo: party.correo ?? `facturacion.${party.identificacion.numero}@example.cr`,
    ubicacion: party.ubicacion ?? FERRETERIA_EL_CLAVO.ubicacion,
  };
}

function pickOther(pool: readonly SampleParty[], exclude: SampleParty | undefined, random: Random): SampleParty {
  const candidates = pool.filter((party) => party.identificacion.numero !== exclude?.identificacion.numero);
  return random.pick(candidates.length > 0 ? candidates : pool);
}

function defaultParties(
  options: GenerateComprobanteOptions,
  random: Random,
): { emisor: SampleParty; receptor?: SampleParty } {
  const { kind } = options;
  if (kind === "FEC") {
    const receptor = options.receptor ?? FERRETERIA_EL_CLAVO;
    return { emisor: options.emisor ?? random.pick(UNREGISTERED_SUPPLIERS), receptor };
  }
  const emisor = options.emisor ?? FERRETERIA_EL_CLAVO;
  if (options.receptor === null) {
    if (!RECEPTOR_OPTIONAL.has(kind)) throw new RangeError(`${KIND_INFO[kind].rootElement} requiere un receptor.`);
    return { emisor };
  }
  if (options.receptor) return { emisor, receptor: options.receptor };
  if (kind === "FEE") return { emisor, receptor: random.pick(FOREIGN_BUYERS) };
  if (kind === "TE") return { emisor, receptor: random.chance(0.3) ? random.pick(CONSUMERS) : undefined };
  return { emisor, receptor: pickOther(BUSINESS_PARTIES, emisor, random) };
}

function chooseItems(options: GenerateComprobanteOptions, random: Random): SampleItem[] {
  const count =
    options.lineCount ??
    random.weighted([
      [1, 30],
      [2, 25],
      [3, 20],
      [4, 10],
      [5, 8],
      [8, 5],
      [12, 2],
    ] as const);
  if (options.kind === "REP") {
    const price = `${random.int(40, 600) * 1000}.00`;
    return [
      {
        detalle: "Abono a factura a crédito (artículo 27 LIVA)",
        cabys: "",
        service: true,
        unit: { "4.3": "Os", "4.4": "Os" },
        price,
        rateCode: "08",
      },
    ];
  }
  const pool =
    options.kind === "FEE"
      ? EXPORT_GOODS
      : options.kind === "TE"
        ? GOODS
        : options.kind === "FEC"
          ? [...GOODS.filter((item) => item.rateCode === "02"), SERVICES[3]]
          : random.chance(0.6)
            ? GOODS
            : SERVICES;
  // Exports are all zero-rated goods; other documents sometimes mix goods and services.
  const mixed = options.kind === "FEE" ? pool : [...GOODS, ...SERVICES];
  return Array.from({ length: count }, () => random.pick(random.chance(0.85) ? pool : mixed));
}

function tipoCambioFor(options: GenerateComprobanteOptions, currency: "CRC" | "USD", random: Random): Amount {
  if (currency === "CRC") return amount("1");
  return amount(options.tipoCambio ?? `${random.int(500, 529)}.${two(random.int(0, 99))}`);
}

function condicionVenta(
  kind: ReceiptKind,
  version: HaciendaVersion,
  random: Random,
): { codigo: string; plazo?: string } {
  if (kind === "REP") return { codigo: "11" };
  if (kind === "TE") return { codigo: "01" };
  const choices: [string, number][] = [
    ["01", 70],
    ["02", 20],
  ];
  if (version === "4.4" && kind !== "FEC") choices.push(["10", 10]);
  const codigo = random.weighted(choices);
  if (codigo === "01") return { codigo };
  return { codigo, plazo: codigo === "10" ? "60" : random.pick(["15", "30", "45"]) };
}

function mediosPago(
  kind: ReceiptKind,
  version: HaciendaVersion,
  contado: boolean,
  total: Amount,
  random: Random,
): { tipo: string; total?: Amount }[] {
  if (kind === "REP") return [{ tipo: "04", total }];
  if (version === "4.3") {
    if (!contado) return [{ tipo: "04" }];
    return random.pick([[{ tipo: "01" }], [{ tipo: "02" }], [{ tipo: "04" }], [{ tipo: "01" }, { tipo: "02" }]]);
  }
  if (!contado) return [];
  if (random.chance(0.15)) {
    const first = roundAmount(scaleAmount(total, 40n, 100n), 2);
    return [
      { tipo: "01", total: first },
      { tipo: "02", total: total - first },
    ];
  }
  return [{ tipo: random.pick(["01", "02", "04", "06"]), total }];
}

function madeUpReference(
  options: GenerateComprobanteOptions,
  emisor: SampleParty,
  fechaEmision: string,
  random: Random,
): ReferenceInput {
  const earlier = new Date(Date.parse(fechaEmision) - random.int(2, 25) * 86_400_000);
  const fecha = formatCostaRicaDateTime(earlier);
  const consecutivo = buildConsecutivo({ tipo: "01", numero: random.int(1, 90_000) });
  const clave = buildClave({
    fecha,
    identificacion: emisor.identificacion.numero,
    consecutivo,
    codigoSeguridad: random.digits(8),
  });
  return { clave, fechaEmision: fecha, kind: "FE" };
}

function references(
  options: GenerateComprobanteOptions,
  emisor: SampleParty,
  fechaEmision: string,
  random: Random,
): PlannedReference[] {
  const { kind, version } = options;
  if (kind === "FEC") {
    if (version === "4.3") return [];
    return [
      {
        tipoDoc: "14",
        numero: `CE-${random.digits(6)}`,
        fechaEmision,
        codigo: "04",
        razon: "Compra a contribuyente del régimen especial",
      },
    ];
  }
  if (kind !== "NC" && kind !== "ND" && kind !== "REP") return [];
  const reference = options.reference ?? madeUpReference(options, emisor, fechaEmision, random);
  const tipoDoc = KIND_INFO[reference.kind ?? "FE"].typeCode ?? "01";
  const base = { tipoDoc, numero: reference.clave, fechaEmision: reference.fechaEmision };
  if (kind === "REP") return [{ ...base, razon: "Pago parcial de factura a crédito" }];
  if (kind === "NC") {
    return [
      random.chance(0.5)
        ? { ...base, codigo: version === "4.4" ? "06" : "03", razon: "Devolución de mercadería dañada" }
        : { ...base, codigo: "01", razon: "Anulación de factura por error en el precio" },
    ];
  }
  return [{ ...base, codigo: version === "4.4" ? "10" : "03", razon: "Intereses moratorios por pago tardío" }];
}

export function generateComprobante(options: GenerateComprobanteOptions): GeneratedDocument {
  const { kind, version } = options;
  if (!KIND_INFO[kind].versions.includes(version)) {
    throw new RangeError(`${KIND_INFO[kind].rootElement} no existe en la versión ${version}.`);
  }
  const random = createRandom(`${options.seed}`);
  const parties = defaultParties(options, random.fork("parties"));
  const emisor = withDefaults(parties.emisor);
  const receptor = parties.receptor && (kind === "FEC" ? withDefaults(parties.receptor) : parties.receptor);
  const fechaEmision = issueDateTime(options.date, version, random.fork("date"));
  const currency = options.currency ?? (kind === "FEE" ? "USD" : random.chance(0.15) ? "USD" : "CRC");
  const tipoCambio = tipoCambioFor(options, currency, random.fork("tipoCambio"));

  const plan = planDocument(
    {
      kind,
      version,
      items: chooseItems(options, random.fork("items")),
      currency,
      tipoCambio,
      fechaEmision,
      features: options.features ?? {},
      random: random.fork("plan"),
    },
    pickOther(BUSINESS_PARTIES, emisor, random.fork("tercero")),
  );
  const condicion = condicionVenta(kind, version, random.fork("condicion"));
  // The buyer generates the FEC, so its clave and sequence carry the receptor's identification.
  const issuer = kind === "FEC" && receptor ? receptor : emisor;
  const consecutivo = buildConsecutivo({
    tipo: KIND_INFO[kind].typeCode!,
    numero: options.sequence ?? random.int(1, 5_000),
  });
  const clave = buildClave({
    fecha: fechaEmision,
    identificacion: issuer.identificacion.numero,
    consecutivo,
    codigoSeguridad: random.digits(8),
  });
  const actividadReceptor = receptor?.codigoActividad ?? (kind === "FEC" ? "475201" : undefined);

  const xml = writeReceiptXml({
    kind,
    version,
    clave,
    consecutivo,
    fechaEmision,
    emisor,
    receptor,
    codigoActividadEmisor:
      kind === "FEC" ? (version === "4.3" ? actividadReceptor : undefined) : (emisor.codigoActividad ?? "523401"),
    codigoActividadReceptor: actividadReceptor,
    condicionVenta: condicion.codigo,
    plazoCredito: condicion.plazo,
    mediosPago: mediosPago(
      kind,
      version,
      condicion.codigo === "01" || kind === "REP",
      plan.summary.totalComprobante,
      random.fork("pago"),
    ),
    currency,
    tipoCambio,
    plan,
    references: references(options, emisor, fechaEmision, random.fork("references")),
  });
  return {
    xml,
    clave,
    kind,
    version,
    fileName: `${kind}-${clave}.xml`,
    fechaEmision,
    consecutivo,
    emisor,
    receptor,
    moneda: currency,
    totalImpuesto: plan.summary.totalImpuesto,
    totalComprobante: plan.summary.totalComprobante,
  };
}

export interface GenerateMensajeHaciendaOptions {
  document: Pick<
    GeneratedDocument,
    "clave" | "version" | "emisor" | "receptor" | "totalImpuesto" | "totalComprobante"
  > &
    Partial<Pick<GeneratedDocument, "fechaEmision" | "moneda">>;
  estado?: "aceptado" | "rechazado";
}

const REJECTION_DETAIL =
  "Este comprobante fue rechazado por el Ministerio de Hacienda.\n" +
  "codigo, mensaje, fila, columna\n" +
  '-37, "El código de actividad indicado no corresponde a una actividad inscrita del emisor.", 0, 0';

/** Hacienda's answer (MensajeHacienda) to a generated comprobante. */
export function generateMensajeHacienda(options: GenerateMensajeHaciendaOptions): GeneratedDocument {
  const { document } = options;
  const { version } = document;
  const estado = options.estado ?? "aceptado";
  const receptor = document.receptor;
  // v4.3 only knows national identifications (\d{9,12}, types 01–05) for the receptor.
  const showReceptor = receptor && (version === "4.4" || /^\d{9,12}$/.test(receptor.identificacion.numero));
  const xml = renderXmlDocument(
    node(
      "MensajeHacienda",
      [
        leaf("Clave", document.clave),
        leaf("NombreEmisor", document.emisor.nombre),
        leaf("TipoIdentificacionEmisor", document.emisor.identificacion.tipo),
        leaf("NumeroCedulaEmisor", document.emisor.identificacion.numero),
        showReceptor ? leaf("NombreReceptor", receptor.nombre) : undefined,
        showReceptor ? leaf("TipoIdentificacionReceptor", receptor.identificacion.tipo) : undefined,
        showReceptor ? leaf("NumeroCedulaReceptor", receptor.identificacion.numero) : undefined,
        leaf("Mensaje", estado === "aceptado" ? "1" : "3"),
        version === "4.4" ? leaf("EstadoMensaje", estado === "aceptado" ? "Aceptado" : "Rechazado") : undefined,
        leaf(
          "DetalleMensaje",
          estado === "aceptado" ? "Este comprobante fue aceptado por el Ministerio de Hacienda." : REJECTION_DETAIL,
        ),
        leaf("MontoTotalImpuesto", formatAmount(document.totalImpuesto)),
        leaf("TotalFactura", formatAmount(document.totalComprobante)),
        PLACEHOLDER_SIGNATURE,
      ],
      { xmlns: kindNamespace("MH", version) },
    ),
  );
  return {
    xml,
    clave: document.clave,
    kind: "MH",
    version,
    fileName: `MH-${document.clave}.xml`,
    fechaEmision: document.fechaEmision ?? "",
    emisor: document.emisor,
    receptor: document.receptor,
    moneda: document.moneda ?? "",
    totalImpuesto: document.totalImpuesto,
    totalComprobante: document.totalComprobante,
  };
}

export interface GenerateBatchOptions {
  seed: number | string;
  /** Number of comprobantes; Hacienda answers come on top of these. */
  count: number;
  /** The client whose receipts these are (default Ferretería El Clavo). */
  organization?: SampleParty;
  /** Share of comprobantes the organization issues; the rest it receives (default 0.5). */
  issuedShare?: number;
  /** Fixes the issuer of every document (the organization is then ignored). */
  emisor?: SampleParty;
  receptor?: SampleParty | null;
  /** Issue dates are spread over [from, to]; or over one month ("2025-10"). Default: October 2025. */
  from?: Date | string;
  to?: Date | string;
  month?: string;
  /** Versions to use; by default chosen by date (4.3 before April 2025, both until August, then 4.4). */
  versions?: HaciendaVersion[];
  /** Relative weights of the kinds. */
  kinds?: Partial<Record<ReceiptKind, number>>;
  usdShare?: number;
  /** Share of comprobantes followed by Hacienda's answer (default 0.3). */
  mensajeHaciendaShare?: number;
  /** First sequence number per issuer and type (default 1). */
  sequenceStart?: number;
  /**
   * The next number per issuer and type («issuer|kind»), shared by batches that continue one another
   * (months of one organization): read and advanced here, so no two batches repeat a number.
   */
  sequences?: Map<string, number>;
}

const DEFAULT_WEIGHTS: Record<ReceiptKind, number> = { FE: 60, TE: 10, NC: 8, ND: 4, FEC: 7, FEE: 5, REP: 6 };
const ISSUED_ONLY: ReadonlySet<ReceiptKind> = new Set(["TE", "FEE", "REP"]);

function range(options: GenerateBatchOptions): [number, number] {
  const toTime = (value: Date | string, endOfDay: boolean) => {
    if (value instanceof Date) return value.getTime();
    const text = /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? `${value}T${endOfDay ? "23:59:59" : "00:00:00"}${COSTA_RICA_OFFSET}`
      : value;
    const time = Date.parse(normalizeDateTime(text) ?? text);
    if (Number.isNaN(time)) throw new RangeError(`Fecha inválida: ${value}`);
    return time;
  };
  if (options.from !== undefined || options.to !== undefined) {
    const from = toTime(options.from ?? options.to!, false);
    return [from, toTime(options.to ?? options.from!, true)];
  }
  const month = options.month ?? "2025-10";
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) throw new RangeError(`Mes inválido: ${month}`);
  const start = Date.parse(`${month}-01T00:00:00${COSTA_RICA_OFFSET}`);
  const nextMonth = Number(match[2]) === 12 ? `${Number(match[1]) + 1}-01` : `${match[1]}-${two(Number(match[2]) + 1)}`;
  return [start, Date.parse(`${nextMonth}-01T00:00:00${COSTA_RICA_OFFSET}`) - 1000];
}

function versionFor(time: number, options: GenerateBatchOptions, random: Random): HaciendaVersion {
  if (options.versions && options.versions.length > 0) return random.pick(options.versions);
  if (time < Date.parse("2025-04-01T00:00:00-06:00")) return "4.3";
  if (time >= Date.parse("2025-09-01T00:00:00-06:00")) return "4.4";
  return random.chance(0.5) ? "4.3" : "4.4";
}

/** A month (or range) of receipts for one organization, issued and received, in issue order. */
export function generateBatch(options: GenerateBatchOptions): GeneratedDocument[] {
  const random = createRandom(`batch:${options.seed}`);
  const organization = options.organization ?? FERRETERIA_EL_CLAVO;
  const [from, to] = range(options);
  const times = Array.from({ length: options.count }, () => from + Math.floor(random.next() * (to - from + 1))).sort(
    (a, b) => a - b,
  );
  const weights = { ...DEFAULT_WEIGHTS, ...options.kinds };
  const sequences = options.sequences ?? new Map<string, number>();
  const issuedFe: GeneratedDocument[] = [];
  const documents: GeneratedDocument[] = [];

  times.forEach((time, index) => {
    const fixed = options.emisor !== undefined;
    const issued = fixed || random.chance(options.issuedShare ?? 0.5);
    const allowed = (Object.keys(weights) as ReceiptKind[]).filter(
      (kind) => (weights[kind] ?? 0) > 0 && (issued || !ISSUED_ONLY.has(kind)) && (!fixed || kind !== "FEC"),
    );
    let kind = random.weighted(allowed.map((k) => [k, weights[k] ?? 0] as const));
    const version = versionFor(time, options, random);
    if (kind === "REP" && version === "4.3") kind = "FE";

    let emisor: SampleParty | undefined;
    let receptor: SampleParty | null | undefined = options.receptor;
    if (fixed) emisor = options.emisor;
    else if (kind === "FEC") {
      emisor = random.pick(UNREGISTERED_SUPPLIERS);
      receptor = organization;
    } else if (issued) emisor = organization;
    else {
      emisor = pickOther(BUSINESS_PARTIES, organization, random);
      receptor = organization;
    }
    if (receptor === null && !RECEPTOR_OPTIONAL.has(kind)) receptor = undefined;

    const referable = issuedFe.filter(
      (doc) => doc.emisor.identificacion.numero === emisor!.identificacion.numero && doc.version === version,
    );
    const reference =
      (kind === "NC" || kind === "ND" || kind === "REP") && referable.length > 0 ? random.pick(referable) : undefined;
    const issuerId = kind === "FEC" ? organization.identificacion.numero : emisor!.identificacion.numero;
    const sequenceKey = `${issuerId}|${kind}`;
    const sequence = sequences.get(sequenceKey) ?? options.sequenceStart ?? 1;
    sequences.set(sequenceKey, sequence + 1);

    const document = generateComprobante({
      kind,
      version,
      seed: `${options.seed}:${index}`,
      emisor,
      receptor,
      date: new Date(time),
      currency: kind === "FEE" || random.chance(options.usdShare ?? 0.15) ? "USD" : "CRC",
      sequence,
      reference: reference && { clave: reference.clave, fechaEmision: reference.fechaEmision, kind: "FE" },
    });
    documents.push(document);
    if (kind === "FE") issuedFe.push(document);
    if (random.chance(options.mensajeHaciendaShare ?? 0.3)) {
      documents.push(generateMensajeHacienda({ document, estado: random.chance(0.92) ? "aceptado" : "rechazado" }));
    }
  });
  return documents;
}
