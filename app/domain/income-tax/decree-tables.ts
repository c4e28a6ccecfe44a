import { cents, type Cents } from "../money";
import type { Bracket, BracketTable } from "./tables";

/**
 * The 2025 (Decreto 44772-H) and 2026 (Decreto 45333-H) tables, as `npm run seed` stores them.
 * Figures no official or press source confirmed are marked `unconfirmed` and shown «sin confirmar».
 */

const colones = (value: number): Cents => cents(BigInt(value) * 100n);

/** Slices from upper limits: [limit, rate] … and the rate over the last limit. */
function slices(limits: [number, string][], over: string): Bracket[] {
  const brackets: Bracket[] = [];
  let from = colones(0);
  for (const [limit, rate] of limits) {
    brackets.push({ from, to: colones(limit), rate });
    from = colones(limit);
  }
  brackets.push({ from, to: null, rate: over });
  return brackets;
}

const ART_15_2025 =
  "Ley 7092 art. 15, texto modificado por el Decreto 44772-H (7/11/2024, −0,79 %): " +
  "http://www.pgrweb.go.cr/scij/Busqueda/Normativa/Normas/nrm_articulo.aspx?param1=NRA&nValor1=1&nValor2=10969&nValor3=144103&nValor5=63831&nValor6=7/11/2024%2000:00:00&strTipM=FA";
const DECREE_2026 =
  "Decreto 45333-H (La Gaceta 5/12/2025, −0,38 %), publicado por La Teja (8/12/2025): " +
  "https://www.lateja.cr/finanzas-y-tecnologia/nuevos-tramos-y-creditos-fiscales-asi-cambiara-el/VXWQQZYV2JEY3JZAWHTED3WFSI/story/ " +
  "y El Financiero: https://assets.elfinancierocr.com/economia-y-politica/estos-seran-los-nuevos-tramos-del-impuesto-de-la/G4EPCG43JZA6ZCQAIAJ3BENKVQ/story";
const NO_CREDITS = { childCredit: null, spouseCredit: null };

export const DECREE_TABLES: readonly BracketTable[] = [
  {
    year: 2025,
    kind: "persona-juridica-pequena",
    grossIncomeThreshold: colones(119_629_000),
    brackets: slices(
      [
        [5_642_000, "5"],
        [8_465_000, "10"],
        [11_286_000, "15"],
      ],
      "20",
    ),
    ...NO_CREDITS,
    decree: "Decreto 44772-H",
    source: ART_15_2025,
    unconfirmed: false,
  },
  {
    year: 2025,
    kind: "persona-juridica",
    grossIncomeThreshold: null,
    brackets: slices([], "30"),
    ...NO_CREDITS,
    decree: "Ley 7092 art. 15 a)",
    source: "Tarifa general de las personas jurídicas, 30 % (Ley 7092 art. 15 a), reformada por la Ley 9635).",
    unconfirmed: false,
  },
  {
    year: 2025,
    kind: "persona-fisica",
    grossIncomeThreshold: null,
    brackets: slices(
      [
        [4_094_000, "0"],
        [6_115_000, "10"],
        [10_200_000, "15"],
        [20_442_000, "20"],
      ],
      "25",
    ),
    ...NO_CREDITS,
    decree: "Decreto 44772-H",
    source:
      "Tramo exento ₡4 094 000: El Financiero vía GDA (https://gda.com/detalle-de-la-noticia/?article=5620777). " +
      "Los demás tramos no se hallaron en una fuente; concuerdan con el ajuste de −0,79 % del Decreto 44772-H. " +
      "Créditos por hijo y cónyuge de 2025 no hallados.",
    unconfirmed: true,
  },
  {
    year: 2025,
    kind: "asalariado",
    grossIncomeThreshold: null,
    brackets: slices(
      [
        [922_000, "0"],
        [1_352_000, "10"],
        [2_373_000, "15"],
        [4_745_000, "20"],
      ],
      "25",
    ),
    childCredit: colones(1_720),
    spouseCredit: colones(2_600),
    decree: "Decreto 44772-H",
    source:
      "Salario exento ₡922 000: https://gda.com/detalle-de-la-noticia/?article=5620777 y " +
      "https://www.elfinancierocr.com/finanzas/como-se-calcula-el-impuesto-de-renta-a-los/KNRLEOF32VFEPAP4LH763ZF2CM/story/. " +
      "Los demás tramos y los créditos no se hallaron en una fuente; concuerdan con las cifras de 2026 ÷ 0,9962.",
    unconfirmed: true,
  },
  {
    year: 2026,
    kind: "persona-juridica-pequena",
    grossIncomeThreshold: colones(119_174_000),
    brackets: slices(
      [
        [5_621_000, "5"],
        [8_433_000, "10"],
        [11_243_000, "15"],
      ],
      "20",
    ),
    ...NO_CREDITS,
    decree: "Decreto 45333-H",
    source: DECREE_2026,
    unconfirmed: false,
  },
  {
    year: 2026,
    kind: "persona-juridica",
    grossIncomeThreshold: null,
    brackets: slices([], "30"),
    ...NO_CREDITS,
    decree: "Ley 7092 art. 15 a)",
    source: "Tarifa general de las personas jurídicas, 30 % (Ley 7092 art. 15 a), reformada por la Ley 9635).",
    unconfirmed: false,
  },
  {
    year: 2026,
    kind: "persona-fisica",
    grossIncomeThreshold: null,
    brackets: slices(
      [
        [6_244_000, "0"],
        [8_329_000, "10"],
        [10_414_000, "15"],
        [20_872_000, "20"],
      ],
      "25",
    ),
    childCredit: colones(20_520),
    spouseCredit: colones(31_080),
    decree: "Decreto 45333-H",
    source:
      `${DECREE_2026}; créditos anuales: https://www.asiconcr.com/builder.php?page=article-20251215001.php. ` +
      "Refleja la Ley 10667 (tramo exento mayor para trabajadores independientes).",
    unconfirmed: false,
  },
  {
    year: 2026,
    kind: "asalariado",
    grossIncomeThreshold: null,
    brackets: slices(
      [
        [918_000, "0"],
        [1_347_000, "10"],
        [2_364_000, "15"],
        [4_727_000, "20"],
      ],
      "25",
    ),
    childCredit: colones(1_710),
    spouseCredit: colones(2_590),
    decree: "Decreto 45333-H",
    source: `${DECREE_2026}; ejemplo de cálculo: https://www.elfinancierocr.com/negocios/mas-asalariados-pagaran-impuestos-en-2026-asi/WPFCKWG3TBFBJFZ6IOSGGYPOFE/story/`,
    unconfirmed: false,
  },
];
