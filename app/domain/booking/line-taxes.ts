import { IVA_TAX_CODES, SERVICE_UNITS } from "../hacienda/codes";
import type { CompactLine as LineaDetalle, CompactTax as Impuesto } from "../receipts/compact";
import { ZERO, type Amount } from "../money";

const RATE_CODE_BY_TARIFA: Readonly<Record<string, string>> = {
  "13": "08",
  "8": "07",
  "4": "04",
  "2": "03",
  "1": "02",
  "0.5": "09",
};

function normalizedTarifa(tarifa: string): string {
  const number = Number(tarifa);
  return Number.isFinite(number) ? String(number) : tarifa.trim();
}

/** CodigoTarifaIVA of an IVA tax; 4.3 documents may give only the rate, so it is read back from it. */
export function rateCodeOf(tax: Impuesto): string {
  if (tax.codigoTarifa) return tax.codigoTarifa;
  return (tax.tarifa && RATE_CODE_BY_TARIFA[normalizedTarifa(tax.tarifa)]) ?? "10";
}

export function isIvaTax(tax: Impuesto): boolean {
  return IVA_TAX_CODES.has(tax.codigo);
}

/** What the tax charges after its exoneration (never negative). */
export function netTax(tax: Impuesto): Amount {
  const net = tax.monto - (tax.exoneracion?.monto ?? ZERO);
  return net > ZERO ? net : ZERO;
}

/** The rate code of the line's IVA; a line without IVA is exempt ("10"). */
export function lineRateCode(line: LineaDetalle): string {
  const iva = line.impuestos.find(isIvaTax);
  return iva ? rateCodeOf(iva) : "10";
}

/** The line's IVA after exonerations, by rate code. */
export function lineIvaByRate(line: LineaDetalle): Map<string, Amount> {
  const byRate = new Map<string, Amount>();
  for (const tax of line.impuestos) {
    if (!isIvaTax(tax)) continue;
    const code = rateCodeOf(tax);
    byRate.set(code, (byRate.get(code) ?? ZERO) + netTax(tax));
  }
  return byRate;
}

/** The line's taxes other than IVA (selectivo de consumo, específicos…), after exonerations. */
export function lineOtherTaxes(line: LineaDetalle): { total: Amount; codes: string[] } {
  let total = ZERO;
  const codes: string[] = [];
  for (const tax of line.impuestos) {
    if (isIvaTax(tax)) continue;
    total += netTax(tax);
    if (!codes.includes(tax.codigo)) codes.push(tax.codigo);
  }
  return { total, codes };
}

/** Services are told apart from goods by the line's unit of measure (docs/domain/hacienda-xml.md §6.8). */
export function isServiceLine(line: LineaDetalle): boolean {
  return line.unidadMedida !== undefined && SERVICE_UNITS.has(line.unidadMedida);
}
