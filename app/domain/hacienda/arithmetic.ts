/**
 * Recomputes a receipt's line totals and ResumenFactura from its lines and compares them with what
 * the XML states. Mismatches become Spanish warnings; nothing here rejects a document.
 * Rules and tolerances: docs/decisions/002-money-representation.md.
 */
import { absAmount, CENTIMO, formatAmount, parseDecimal, scaleAmount, sumAmounts, type Amount } from "../money";
import { BASE_IMPONIBLE_TAX_CODES, IVA_RATE_BY_CODE, IVA_TAX_CODES, type HaciendaVersion } from "./codes";
import type { ElectronicReceipt, Impuesto, LineaDetalle, Resumen } from "./types";
import {
  EXEMPT_RATE_CODES,
  exoneratedPortion,
  isServiceLine,
  lineImpuestoNeto,
  lineMontoTotal,
  lineMontoTotalLinea,
  lineSubTotal,
  parseRate,
  percentOfBase,
  rateOfCode,
} from "./v44-arithmetic";

/** A single computed value may differ by one céntimo (each side may round half a céntimo). */
export const LINE_TOLERANCE: Amount = CENTIMO;

/** A sum of n stated values: half a céntimo per term, at least one céntimo. */
export function summaryTolerance(terms: number): Amount {
  const scaled = (BigInt(Math.max(terms, 0)) * CENTIMO) / 2n;
  return scaled > CENTIMO ? scaled : CENTIMO;
}

/** 20000.00 / 0.12345 — at least two decimals, more only when the amount has them. */
export function showAmount(amount: Amount): string {
  return formatAmount(amount).replace(/(\.\d\d\d*?)0+$/, "$1");
}

function close(a: Amount, b: Amount, tolerance: Amount): boolean {
  return absAmount(a - b) <= tolerance;
}

/** Discounts whose IVA is computed on MontoTotal (regalías, bonificaciones; XSD note of CodigoImpuesto). */
const GIFT_DISCOUNT_CODES = new Set(["01", "02", "03"]);

interface LineTaxes {
  net: Amount;
  asumido: Amount;
}

function rateOf(impuesto: Impuesto): bigint | undefined {
  if (impuesto.tarifa !== undefined) return parseRate(impuesto.tarifa) ?? undefined;
  return rateOfCode(impuesto.codigoTarifa);
}

function checkLine(line: LineaDetalle, receipt: ElectronicReceipt, warnings: string[]): LineTaxes {
  const label = `Línea ${line.numero}`;
  const compare = (field: string, stated: Amount, expected: Amount, how: string) => {
    if (!close(stated, expected, LINE_TOLERANCE)) {
      warnings.push(`${label}: ${field} es ${showAmount(stated)} pero ${how} da ${showAmount(expected)}.`);
    }
  };

  if (line.cantidad !== undefined && line.precioUnitario !== undefined) {
    const expected = lineMontoTotal(line.precioUnitario, line.cantidad);
    if (expected !== null) compare("MontoTotal", line.montoTotal, expected, "Cantidad × PrecioUnitario");
  }
  const descuentos = line.descuentos.map((descuento) => descuento.monto);
  // In a REP the line's SubTotal is the payment being registered, not MontoTotal − descuentos.
  if (receipt.kind !== "REP")
    compare("SubTotal", line.subTotal, lineSubTotal(line.montoTotal, descuentos), "MontoTotal − descuentos");

  const special = line.ivaCobradoFabrica === "01" || line.impuestos.some((impuesto) => impuesto.codigo === "07");
  const selective = sumAmounts(
    line.impuestos
      .filter((impuesto) => BASE_IMPONIBLE_TAX_CODES.has(impuesto.codigo))
      .map((impuesto) => impuesto.monto),
  );
  const taxed = line.impuestos.some((impuesto) => impuesto.monto > 0n || (rateOf(impuesto) ?? 0n) > 0n);
  if (line.baseImponible !== undefined && taxed && !special) {
    compare(
      "BaseImponible",
      line.baseImponible,
      line.subTotal + selective,
      "SubTotal + impuestos selectivos y específicos",
    );
  }
  const base = line.baseImponible !== undefined && taxed ? line.baseImponible : line.subTotal + selective;
  const gift = line.descuentos.some(
    (descuento) => descuento.codigo !== undefined && GIFT_DISCOUNT_CODES.has(descuento.codigo),
  );

  for (const impuesto of line.impuestos) {
    const expectedRate = impuesto.codigoTarifa ? IVA_RATE_BY_CODE[impuesto.codigoTarifa] : undefined;
    if (IVA_TAX_CODES.has(impuesto.codigo) && impuesto.tarifa !== undefined && expectedRate !== undefined) {
      if (parseDecimal(impuesto.tarifa, 2) !== parseDecimal(expectedRate, 2)) {
        warnings.push(
          `${label}: la Tarifa ${impuesto.tarifa} % no corresponde al código de tarifa ${impuesto.codigoTarifa} (${expectedRate} %).`,
        );
      }
    }
    if (impuesto.codigo === "01" && impuesto.tarifa !== undefined && impuesto.factorIva === undefined && !special) {
      const expected = percentOfBase(base, impuesto.tarifa);
      const onMontoTotal = gift ? percentOfBase(line.montoTotal + selective, impuesto.tarifa) : null;
      if (
        expected !== null &&
        !close(impuesto.monto, expected, LINE_TOLERANCE) &&
        !(onMontoTotal !== null && close(impuesto.monto, onMontoTotal, LINE_TOLERANCE))
      ) {
        warnings.push(
          `${label}: el Monto del impuesto (${impuesto.tarifa} %) es ${showAmount(impuesto.monto)} pero BaseImponible × Tarifa da ${showAmount(expected)}.`,
        );
      }
    }
    const exoneracion = impuesto.exoneracion;
    if (exoneracion) {
      if (exoneracion.monto > impuesto.monto + LINE_TOLERANCE) {
        warnings.push(
          `${label}: el MontoExoneracion (${showAmount(exoneracion.monto)}) supera el Monto del impuesto (${showAmount(impuesto.monto)}).`,
        );
      } else if (exoneracion.tarifaExonerada !== undefined) {
        const expected = percentOfBase(base, exoneracion.tarifaExonerada);
        if (expected !== null && !close(exoneracion.monto, expected, LINE_TOLERANCE)) {
          warnings.push(
            `${label}: el MontoExoneracion es ${showAmount(exoneracion.monto)} pero BaseImponible × TarifaExonerada (${exoneracion.tarifaExonerada} %) da ${showAmount(expected)}.`,
          );
        }
      }
    }
  }

  const gross = sumAmounts(line.impuestos.map((impuesto) => impuesto.monto));
  const exonerated = sumAmounts(line.impuestos.map((impuesto) => impuesto.exoneracion?.monto ?? 0n));
  const asumido = line.impuestoAsumidoEmisorFabrica ?? 0n;
  const expectedNet = lineImpuestoNeto(gross, exonerated, asumido);
  if (line.impuestoNeto !== undefined) {
    compare(
      "ImpuestoNeto",
      line.impuestoNeto,
      expectedNet,
      "Monto de los impuestos − exoneraciones − impuesto asumido",
    );
  }
  const net = line.impuestoNeto ?? expectedNet;
  compare("MontoTotalLinea", line.montoTotalLinea, lineMontoTotalLinea(line.subTotal, net), "SubTotal + ImpuestoNeto");
  return { net, asumido };
}

type Bucket = "gravado" | "exento" | "exonerado" | "noSujeto";

interface Allocation {
  fixed: Record<Bucket, Amount>;
  /** Zero-rate lines that issuers report as gravado, exento or no sujeto. */
  flexible: Amount;
}

function emptyAllocation(): Allocation {
  return { fixed: { gravado: 0n, exento: 0n, exonerado: 0n, noSujeto: 0n }, flexible: 0n };
}

/** The part of a line's MontoTotal that is exonerated. */
function exoneratedPart(iva: Impuesto, line: LineaDetalle, rate: bigint | undefined): Amount {
  const share = (numerator: bigint, denominator: bigint) => scaleAmount(line.montoTotal, numerator, denominator);
  const exoneracion = iva.exoneracion!;
  if (exoneracion.tarifaExonerada !== undefined && rate !== undefined && rate > 0n) {
    return exoneratedPortion(line.montoTotal, parseRate(exoneracion.tarifaExonerada) ?? 0n, rate);
  }
  if (exoneracion.porcentaje !== undefined) {
    const percent = parseDecimal(exoneracion.porcentaje, 2) ?? 0n;
    // 4.3 issuers wrote PorcentajeExoneracion either as a share of the tax or as points of the rate.
    const asShare = percentOfBase(iva.monto, exoneracion.porcentaje);
    const asPoints = percentOfBase(line.baseImponible ?? line.subTotal, exoneracion.porcentaje);
    if (asShare !== null && close(exoneracion.monto, asShare, LINE_TOLERANCE)) {
      return share(percent < 10_000n ? percent : 10_000n, 10_000n);
    }
    if (asPoints !== null && rate !== undefined && rate > 0n && close(exoneracion.monto, asPoints, LINE_TOLERANCE)) {
      return exoneratedPortion(line.montoTotal, percent, rate);
    }
  }
  if (iva.monto <= 0n) return line.montoTotal;
  return share(exoneracion.monto < iva.monto ? exoneracion.monto : iva.monto, iva.monto);
}

function allocateLine(line: LineaDetalle, version: HaciendaVersion, allocation: Allocation): void {
  const iva = line.impuestos.find((impuesto) => IVA_TAX_CODES.has(impuesto.codigo));
  if (!iva) {
    allocation.fixed[line.ivaCobradoFabrica === "01" ? "gravado" : "exento"] += line.montoTotal;
    return;
  }
  const rate = rateOf(iva);
  let remainder = line.montoTotal;
  if (iva.exoneracion) {
    const exonerated = exoneratedPart(iva, line, rate);
    allocation.fixed.exonerado += exonerated;
    remainder -= exonerated;
  }
  if ((rate !== undefined && rate > 0n) || (rate === undefined && iva.factorIva !== undefined)) {
    allocation.fixed.gravado += remainder;
  } else if (iva.codigoTarifa !== undefined && EXEMPT_RATE_CODES[version].has(iva.codigoTarifa)) {
    allocation.fixed.exento += remainder;
  } else {
    allocation.flexible += remainder;
  }
}

interface BucketNames {
  gravado: string;
  exento: string;
  exonerado: string;
  noSujeto: string;
}

function allocationProblems(
  stated: Record<Bucket, Amount>,
  allocation: Allocation,
  tolerance: Amount,
  names: BucketNames,
): string[] {
  const problems: string[] = [];
  const direct = (bucket: Bucket) => {
    if (!close(stated[bucket], allocation.fixed[bucket], tolerance)) {
      problems.push(
        `ResumenFactura/${names[bucket]} es ${showAmount(stated[bucket])} pero las líneas dan ${showAmount(allocation.fixed[bucket])}.`,
      );
    }
  };
  direct("exonerado");
  if (allocation.flexible === 0n) {
    direct("gravado");
    direct("exento");
    direct("noSujeto");
    return problems;
  }
  const rest: Bucket[] = ["gravado", "exento", "noSujeto"];
  const residuals = rest.map((bucket) => stated[bucket] - allocation.fixed[bucket]);
  const fits =
    residuals.every((residual) => residual >= -tolerance) &&
    close(sumAmounts(residuals), allocation.flexible, tolerance);
  if (!fits) {
    problems.push(
      `ResumenFactura/${names.gravado}, ${names.exento} y ${names.noSujeto} (${rest.map((b) => showAmount(stated[b])).join(", ")}) ` +
        `no cuadran con las líneas: gravado ${showAmount(allocation.fixed.gravado)}, exento ${showAmount(allocation.fixed.exento)}, ` +
        `no sujeto ${showAmount(allocation.fixed.noSujeto)}, más ${showAmount(allocation.flexible)} de líneas con tarifa 0 % ` +
        "que pueden declararse en cualquiera de ellos.",
    );
  }
  return problems;
}

function totalOf(allocation: Allocation): Amount {
  const { gravado, exento, exonerado, noSujeto } = allocation.fixed;
  return gravado + exento + exonerado + noSujeto + allocation.flexible;
}

function checkBuckets(receipt: ElectronicReceipt, warnings: string[]): void {
  const r: Resumen = receipt.resumen;
  const internal = (field: string, stated: Amount, expected: Amount, how: string) => {
    if (!close(stated, expected, CENTIMO)) {
      warnings.push(`ResumenFactura/${field} es ${showAmount(stated)} pero ${how} da ${showAmount(expected)}.`);
    }
  };
  internal(
    "TotalGravado",
    r.totalGravado,
    r.totalServGravados + r.totalMercanciasGravadas,
    "TotalServGravados + TotalMercanciasGravadas",
  );
  internal(
    "TotalExento",
    r.totalExento,
    r.totalServExentos + r.totalMercanciasExentas,
    "TotalServExentos + TotalMercanciasExentas",
  );
  internal(
    "TotalExonerado",
    r.totalExonerado,
    r.totalServExonerado + r.totalMercExonerada,
    "TotalServExonerado + TotalMercExonerada",
  );
  internal(
    "TotalNoSujeto",
    r.totalNoSujeto,
    r.totalServNoSujeto + r.totalMercNoSujeta,
    "TotalServNoSujeto + TotalMercNoSujeta",
  );
  internal(
    "TotalVenta",
    r.totalVenta,
    r.totalGravado + r.totalExento + r.totalExonerado + r.totalNoSujeto,
    "TotalGravado + TotalExento + TotalExonerado + TotalNoSujeto",
  );

  const services = emptyAllocation();
  const goods = emptyAllocation();
  for (const line of receipt.lines) allocateLine(line, receipt.version, isServiceLine(line) ? services : goods);
  const combined: Allocation = {
    fixed: {
      gravado: services.fixed.gravado + goods.fixed.gravado,
      exento: services.fixed.exento + goods.fixed.exento,
      exonerado: services.fixed.exonerado + goods.fixed.exonerado,
      noSujeto: services.fixed.noSujeto + goods.fixed.noSujeto,
    },
    flexible: services.flexible + goods.flexible,
  };
  const tolerance = summaryTolerance(receipt.lines.length);
  const combinedProblems = allocationProblems(
    { gravado: r.totalGravado, exento: r.totalExento, exonerado: r.totalExonerado, noSujeto: r.totalNoSujeto },
    combined,
    tolerance,
    { gravado: "TotalGravado", exento: "TotalExento", exonerado: "TotalExonerado", noSujeto: "TotalNoSujeto" },
  );
  if (combinedProblems.length > 0) {
    warnings.push(...combinedProblems);
    return;
  }
  const serviceProblems = allocationProblems(
    {
      gravado: r.totalServGravados,
      exento: r.totalServExentos,
      exonerado: r.totalServExonerado,
      noSujeto: r.totalServNoSujeto,
    },
    services,
    tolerance,
    {
      gravado: "TotalServGravados",
      exento: "TotalServExentos",
      exonerado: "TotalServExonerado",
      noSujeto: "TotalServNoSujeto",
    },
  );
  const goodsProblems = allocationProblems(
    {
      gravado: r.totalMercanciasGravadas,
      exento: r.totalMercanciasExentas,
      exonerado: r.totalMercExonerada,
      noSujeto: r.totalMercNoSujeta,
    },
    goods,
    tolerance,
    {
      gravado: "TotalMercanciasGravadas",
      exento: "TotalMercanciasExentas",
      exonerado: "TotalMercExonerada",
      noSujeto: "TotalMercNoSujeta",
    },
  );
  if (serviceProblems.length > 0 || goodsProblems.length > 0) {
    const statedServices = r.totalServGravados + r.totalServExentos + r.totalServExonerado + r.totalServNoSujeto;
    const statedGoods =
      r.totalMercanciasGravadas + r.totalMercanciasExentas + r.totalMercExonerada + r.totalMercNoSujeta;
    warnings.push(
      "La separación entre servicios y mercancías de ResumenFactura no coincide con las líneas (clasificadas por CABYS o unidad de medida): " +
        `según las líneas, servicios ${showAmount(totalOf(services))} y mercancías ${showAmount(totalOf(goods))}; ` +
        `el resumen indica servicios ${showAmount(statedServices)} y mercancías ${showAmount(statedGoods)}.`,
    );
  }
}

function checkDesglose(receipt: ElectronicReceipt, warnings: string[]): void {
  const key = (codigo: string, codigoTarifa: string | undefined) => `${codigo}|${codigoTarifa ?? ""}`;
  const fromLines = new Map<string, { gross: Amount; net: Amount; count: number }>();
  for (const line of receipt.lines) {
    for (const impuesto of line.impuestos) {
      const k = key(impuesto.codigo, impuesto.codigoTarifa);
      const entry = fromLines.get(k) ?? { gross: 0n, net: 0n, count: 0 };
      entry.gross += impuesto.monto;
      entry.net += impuesto.monto - (impuesto.exoneracion?.monto ?? 0n);
      entry.count += 1;
      fromLines.set(k, entry);
    }
  }
  const stated = new Map<string, Amount>();
  for (const item of receipt.resumen.totalDesgloseImpuesto) {
    const k = key(item.codigo, item.codigoTarifa);
    stated.set(k, (stated.get(k) ?? 0n) + item.monto);
  }
  if (stated.size === 0) {
    if ([...fromLines.values()].some((entry) => entry.gross > 0n)) {
      warnings.push("ResumenFactura no incluye TotalDesgloseImpuesto aunque las líneas tienen impuestos.");
    }
    return;
  }
  for (const k of new Set([...fromLines.keys(), ...stated.keys()])) {
    const lines = fromLines.get(k) ?? { gross: 0n, net: 0n, count: 0 };
    const value = stated.get(k) ?? 0n;
    const tolerance = summaryTolerance(lines.count);
    if (!close(value, lines.gross, tolerance) && !close(value, lines.net, tolerance)) {
      const [codigo, codigoTarifa] = k.split("|");
      const what = codigoTarifa ? `impuesto ${codigo}, tarifa ${codigoTarifa}` : `impuesto ${codigo}`;
      warnings.push(
        `ResumenFactura/TotalDesgloseImpuesto (${what}) es ${showAmount(value)} pero las líneas suman ${showAmount(lines.net)}.`,
      );
    }
  }
}

function checkSummary(receipt: ElectronicReceipt, taxes: LineTaxes[], warnings: string[]): void {
  const r = receipt.resumen;
  const lines = receipt.lines;
  const compare = (field: string, stated: Amount, expected: Amount, how: string, tolerance: Amount) => {
    if (!close(stated, expected, tolerance)) {
      warnings.push(`ResumenFactura/${field} es ${showAmount(stated)} pero ${how} da ${showAmount(expected)}.`);
    }
  };
  const lineTolerance = summaryTolerance(lines.length);
  const montoTotal = sumAmounts(lines.map((line) => line.montoTotal));
  const subTotal = sumAmounts(lines.map((line) => line.subTotal));
  if (!(receipt.kind === "REP" && close(r.totalVenta, subTotal, lineTolerance))) {
    compare("TotalVenta", r.totalVenta, montoTotal, "la suma de MontoTotal de las líneas", lineTolerance);
  }
  const descuentos = lines.flatMap((line) => line.descuentos.map((descuento) => descuento.monto));
  compare(
    "TotalDescuentos",
    r.totalDescuentos,
    sumAmounts(descuentos),
    "la suma de los descuentos de las líneas",
    summaryTolerance(descuentos.length),
  );
  compare(
    "TotalVentaNeta",
    r.totalVentaNeta,
    r.totalVenta - r.totalDescuentos,
    "TotalVenta − TotalDescuentos",
    CENTIMO,
  );

  const net = sumAmounts(taxes.map((tax) => tax.net));
  const asumido = sumAmounts(taxes.map((tax) => tax.asumido));
  if (!close(r.totalImpuesto, net + asumido, lineTolerance)) {
    compare("TotalImpuesto", r.totalImpuesto, net, "la suma de ImpuestoNeto de las líneas", lineTolerance);
  }
  if (asumido > 0n || r.totalImpAsumEmisorFabrica > 0n) {
    compare(
      "TotalImpAsumEmisorFabrica",
      r.totalImpAsumEmisorFabrica,
      asumido,
      "la suma de ImpuestoAsumidoEmisorFabrica",
      lineTolerance,
    );
  }
  const cargos = receipt.otrosCargos.map((cargo) => cargo.monto);
  compare(
    "TotalOtrosCargos",
    r.totalOtrosCargos,
    sumAmounts(cargos),
    "la suma de OtrosCargos/MontoCargo",
    summaryTolerance(cargos.length),
  );
  compare(
    "TotalComprobante",
    r.totalComprobante,
    r.totalVentaNeta + r.totalImpuesto + r.totalOtrosCargos - r.totalIVADevuelto,
    "TotalVentaNeta + TotalImpuesto + TotalOtrosCargos − TotalIVADevuelto",
    CENTIMO,
  );
  if (receipt.version === "4.4") checkDesglose(receipt, warnings);
  if (receipt.kind !== "REP") checkBuckets(receipt, warnings);
}

/** Spanish warnings for every line or summary figure that does not follow from the lines. */
export function checkArithmetic(receipt: ElectronicReceipt): string[] {
  const warnings: string[] = [];
  const taxes = receipt.lines.map((line) => checkLine(line, receipt, warnings));
  checkSummary(receipt, taxes, warnings);
  return warnings;
}
