export { parseComprobante, MAX_XML_BYTES } from "./parse";
export { checkArithmetic, LINE_TOLERANCE, summaryTolerance } from "./arithmetic";
export { buildClave, buildConsecutivo, parseClave, parseConsecutivo } from "./clave";
export {
  buildMensajeReceptor,
  mensajeReceptorConsecutivo,
  validateMensajeReceptorInput,
  MensajeReceptorInputError,
  MENSAJE_RECEPTOR_LABELS,
  CONDICION_IMPUESTO_LABELS,
} from "./mensaje-receptor";
export { withPlaceholderSignature, PLACEHOLDER_SIGNATURE } from "./placeholder-signature";
export { decodeXmlBytes } from "./decode";
export { colonesTotals, effectiveTipoCambio } from "./colones";
export { formatCostaRicaDateTime, normalizeDateTime } from "./datetime";
export * from "./codes";
export type * from "./types";
