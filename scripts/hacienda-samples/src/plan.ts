/**
 * Computes the amounts of a sample document the way an issuer's system would: every line value
 * rounded to the céntimo, the summary as exact sums of the line values.
 */
import { parseAmount, roundAmount, scaleAmount, sumAmounts, type Amount } from "../../../app/domain/money";
import type { HaciendaVersion, ReceiptKind } from "../../../app/domain/hacienda/codes";
import { DISCOUNT_KINDS_44, RATE_BY_CODE, type SampleItem, type SampleParty } from "./catalog";
import type { Random } from "./random";

export type Bucket = "gravado" | "exento" | "exonerado" | "noSujeto";
export type Buckets = Record<Bucket, Amount>;

export interface PlannedExoneracion {
  numeroDocumento: string;
  fechaEmision: string;
  /** v4.3: PorcentajeExoneracion, a share of the tax (100 = all of it). */
  porcentaje: number;
  /** v4.4: TarifaExonerada, percentage points of the rate. */
  tarifaExonerada: string;
  monto: Amount;
}

export interface PlannedTax {
  codigoTarifa: string;
  tarifa: string;
  monto: Amount;
  exoneracion?: PlannedExoneracion;
}

export interface PlannedLine {
  numero: number;
  item: SampleItem;
  cantidad: string;
  precioUnitario: Amount;
  montoTotal: Amount;
  descuento?: { monto: Amount; codigo: string; naturaleza: string };
  subTotal: Amount;
  baseImponible: Amount;
  /** Undefined for a v4.3 exempt line written without any Impuesto element. */
  tax?: PlannedTax;
  impuestoNeto: Amount;
  montoTotalLinea: Amount;
  portions: Partial<Buckets>;
}

export interface PlannedCargo {
  tipo: string;
  detalle: string;
  porcentaje?: string;
  monto: Amount;
  tercero?: SampleParty;
}

export interface PlannedSummary {
  services: Buckets;
  goods: Buckets;
  totalVenta: Amount;
  totalDescuentos: Amount;
  totalVentaNeta: Amount;
  desglose: { codigoTarifa: string; monto: Amount }[];
  totalImpuesto: Amount;
  totalOtrosCargos: Amount;
  totalComprobante: Amount;
}

export interface PlanFeatures {
  discount?: boolean;
  exoneration?: boolean;
  otrosCargos?: boolean;
}

export interface PlanInput {
  kind: ReceiptKind;
  version: HaciendaVersion;
  items: SampleItem[];
  currency: "CRC" | "USD";
  tipoCambio: Amount;
  fechaEmision: string;
  features: PlanFeatures;
  random: Random;
}

const HUNDRED = 100n;
const round2 = (amount: Amount) => roundAmount(amount, 2);
const emptyBuckets = (): Buckets => ({ gravado: 0n, exento: 0n, exonerado: 0n, noSujeto: 0n });

function amount(text: string): Amount {
  const value = parseAmount(text);
  if (value === null) throw new RangeError(`not an amount: ${text}`);
  return value;
}

/** The rate code as written in this version (4.3 knows only 01–08). */
export function rateCodeFor(item: SampleItem, version: HaciendaVersion): string {
  if (version === "4.3" && (item.rateCode === "10" || item.rateCode === "11")) return "01";
  return item.rateCode;
}

/** Where a line without exoneration is reported in the summary. */
function bucketFor(rateCode: string, version: HaciendaVersion): Bucket {
  if (RATE_BY_CODE[rateCode] !== "0.00") return "gravado";
  if (version === "4.3") return "exento";
  if (rateCode === "10") return "exento";
  if (rateCode === "11") return "noSujeto";
  return "gravado";
}

function unitPrice(item: SampleItem, input: PlanInput): Amount {
  const colones = scaleAmount(amount(item.price), BigInt(input.random.int(85, 115)), HUNDRED);
  if (input.currency === "CRC") return round2(colones);
  const dollars = round2(scaleAmount(colones, 100_000n, input.tipoCambio));
  return dollars > 50_000n ? dollars : 50_000n;
}

function quantity(item: SampleItem, random: Random): string {
  if (item.service) return random.chance(0.8) ? "1.000" : `${random.int(2, 8)}.000`;
  if (item.unit["4.4"] === "Kg" || item.unit["4.4"] === "L")
    return `${random.int(1, 60)}.${random.pick(["000", "250", "500", "750"])}`;
  return `${random.int(1, 40)}.000`;
}

function planLine(
  numero: number,
  item: SampleItem,
  input: PlanInput,
  exonerate: boolean,
  discount: boolean,
): PlannedLine {
  const { random, version } = input;
  const cantidad = quantity(item, random);
  const precioUnitario = unitPrice(item, input);
  const montoTotal = round2(scaleAmount(precioUnitario, amount(cantidad), 100_000n));
  const descuento = discount
    ? {
        monto: round2(scaleAmount(montoTotal, BigInt(random.int(3, 15)), HUNDRED)),
        ...random.pick(DISCOUNT_KINDS_44),
      }
    : undefined;
  const subTotal = montoTotal - (descuento?.monto ?? 0n);
  const baseImponible = subTotal;
  const codigoTarifa = rateCodeFor(item, version);
  const tarifa = RATE_BY_CODE[codigoTarifa];
  const rateHundredths = amount(tarifa) / 1_000n; // 13.00 → 1300
  const monto = round2(scaleAmount(baseImponible, rateHundredths, 10_000n));
  const portions: Partial<Buckets> = {};
  let exoneracion: PlannedExoneracion | undefined;
  if (exonerate && rateHundredths > 0n) {
    const full = rateHundredths <= 400n || random.chance(0.6);
    const porcentaje = full ? 100 : 50;
    const pointsHundredths = full ? rateHundredths : rateHundredths - 400n; // partial: leaves 4 %
    const share: [bigint, bigint] =
      version === "4.3" ? [BigInt(porcentaje), HUNDRED] : [pointsHundredths, rateHundredths];
    const montoExoneracion =
      version === "4.3"
        ? round2(scaleAmount(monto, BigInt(porcentaje), HUNDRED))
        : round2(scaleAmount(baseImponible, pointsHundredths, 10_000n));
    exoneracion = {
      numeroDocumento: `AL-${random.digits(8)}-${input.fechaEmision.slice(2, 4)}`,
      fechaEmision: `${input.fechaEmision.slice(0, 4)}-01-15T08:00:00-06:00`,
      porcentaje,
      tarifaExonerada: `${(pointsHundredths / 100n).toString()}.00`,
      monto: montoExoneracion,
    };
    portions.exonerado = round2(scaleAmount(montoTotal, share[0], share[1]));
  }
  const remainder = montoTotal - (portions.exonerado ?? 0n);
  const bucket = bucketFor(codigoTarifa, version);
  portions[bucket] = (portions[bucket] ?? 0n) + remainder;
  const omitTax = version === "4.3" && codigoTarifa === "01" && input.kind !== "FEE" && random.chance(0.5);
  const tax = omitTax ? undefined : { codigoTarifa, tarifa, monto, exoneracion };
  const impuestoNeto = tax ? tax.monto - (tax.exoneracion?.monto ?? 0n) : 0n;
  return {
    numero,
    item,
    cantidad,
    precioUnitario,
    montoTotal,
    descuento,
    subTotal,
    baseImponible,
    tax,
    impuestoNeto,
    montoTotalLinea: subTotal + impuestoNeto,
    portions,
  };
}

function planCargos(input: PlanInput, lines: PlannedLine[], tercero: SampleParty): PlannedCargo[] {
  const { random, version, kind } = input;
  const subTotal = sumAmounts(lines.map((line) => line.subTotal));
  const serviceTax = {
    tipo: "06",
    detalle: "Impuesto de servicio 10%",
    porcentaje: version === "4.4" ? "10.00000" : "10",
    monto: round2(scaleAmount(subTotal, 10n, HUNDRED)),
  };
  const cruzRoja = {
    tipo: "02",
    detalle: "Timbre de la Cruz Roja",
    monto: input.currency === "CRC" ? amount("200.00") : amount("0.40"),
  };
  const options: PlannedCargo[] = [serviceTax, cruzRoja];
  // v4.3 FEC has no third-party fields; v4.4 identifies the third party with IdentificacionTercero.
  if (!(version === "4.3" && kind === "FEC")) {
    options.push({
      tipo: "04",
      detalle: "Flete cobrado por cuenta de un tercero",
      monto: round2(scaleAmount(subTotal, 3n, HUNDRED)),
      tercero,
    });
  }
  return random.chance(0.25)
    ? [random.pick(options), cruzRoja].filter((c, i, all) => all.indexOf(c) === i)
    : [random.pick(options)];
}

export function summarize(lines: PlannedLine[], cargos: PlannedCargo[]): PlannedSummary {
  const services = emptyBuckets();
  const goods = emptyBuckets();
  for (const line of lines) {
    const target = line.item.service ? services : goods;
    for (const [bucket, value] of Object.entries(line.portions) as [Bucket, Amount][]) target[bucket] += value;
  }
  const totalVenta = sumAmounts(lines.map((line) => line.montoTotal));
  const totalDescuentos = sumAmounts(lines.map((line) => line.descuento?.monto ?? 0n));
  const desglose = new Map<string, Amount>();
  for (const line of lines) {
    if (!line.tax) continue;
    desglose.set(line.tax.codigoTarifa, (desglose.get(line.tax.codigoTarifa) ?? 0n) + line.impuestoNeto);
  }
  const totalImpuesto = sumAmounts(lines.map((line) => line.impuestoNeto));
  const totalOtrosCargos = sumAmounts(cargos.map((cargo) => cargo.monto));
  const totalVentaNeta = totalVenta - totalDescuentos;
  return {
    services,
    goods,
    totalVenta,
    totalDescuentos,
    totalVentaNeta,
    desglose: [...desglose].map(([codigoTarifa, monto]) => ({ codigoTarifa, monto })),
    totalImpuesto,
    totalOtrosCargos,
    totalComprobante: totalVentaNeta + totalImpuesto + totalOtrosCargos,
  };
}

export interface DocumentPlan {
  lines: PlannedLine[];
  cargos: PlannedCargo[];
  summary: PlannedSummary;
}

export function planDocument(input: PlanInput, tercero: SampleParty): DocumentPlan {
  const { random, kind, features } = input;
  const canExonerate = kind !== "FEE" && kind !== "TE" && kind !== "REP";
  const wantsExoneration = canExonerate && (features.exoneration ?? random.chance(0.12));
  const exonerable = input.items
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => RATE_BY_CODE[rateCodeFor(item, input.version)] !== "0.00");
  const exoneratedIndex = wantsExoneration && exonerable.length > 0 ? random.pick(exonerable).index : -1;
  const canDiscount = kind !== "REP";
  const forcedDiscount = canDiscount && features.discount === true ? random.int(0, input.items.length - 1) : -1;
  const lines = input.items.map((item, index) =>
    planLine(
      index + 1,
      item,
      input,
      index === exoneratedIndex,
      canDiscount && features.discount !== false && (index === forcedDiscount || random.chance(0.2)),
    ),
  );
  const canCharge = kind !== "REP" && kind !== "FEE";
  const cargos = canCharge && (features.otrosCargos ?? random.chance(0.12)) ? planCargos(input, lines, tercero) : [];
  return { lines, cargos, summary: summarize(lines, cargos) };
}
