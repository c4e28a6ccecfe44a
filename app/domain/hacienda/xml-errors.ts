/**
 * fast-xml-parser's messages in Spanish. Its validator and parser speak English ("Invalid
 * '["FacturaElectronica","Clave"]' found."); a person reading an import report gets a Spanish
 * sentence with the line and column, and never the library's English text.
 */

export interface XmlValidatorError {
  code: string;
  msg: string;
  line?: number;
  col?: number;
}

const quoted = (name: string) => `«${name}»`;

function names(list: string[]): string {
  const parts = list.map(quoted);
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} y ${parts.at(-1)}`;
}

/** Each validator message (fast-xml-parser 5), matched on its English text. */
const VALIDATOR_MESSAGES: Array<[RegExp, (...groups: string[]) => string]> = [
  [/^Invalid space after '<'\.$/, () => "Hay un espacio después de «<»."],
  [/^Tag '(.*)' is an invalid name\.$/s, (name) => `${quoted(name)} no es un nombre de etiqueta válido.`],
  [
    /^Attributes for '(.*)' have open quote\.$/s,
    (name) => `Un atributo de ${quoted(name)} tiene una comilla sin cerrar.`,
  ],
  [
    /^Closing tag '(.*)' doesn't have proper closing\.$/s,
    (name) => `La etiqueta de cierre ${quoted(`</${name}>`)} no termina con «>».`,
  ],
  [
    /^Closing tag '(.*)' can't have attributes or invalid starting\.$/s,
    (name) => `La etiqueta de cierre ${quoted(`</${name}>`)} no puede tener atributos.`,
  ],
  [
    /^Closing tag '(.*)' has not been opened\.$/s,
    (name) => `La etiqueta de cierre ${quoted(`</${name}>`)} no tiene su etiqueta de apertura.`,
  ],
  [
    /^Expected closing tag '(.*)' \(opened in line (\d+), col (\d+)\) instead of closing tag '(.*)'\.$/s,
    (open, line, col, close) =>
      `Se esperaba el cierre de ${quoted(open)} (abierta en la línea ${line}, columna ${col}) y se encontró el de ${quoted(close)}.`,
  ],
  [/^Multiple possible root nodes found\.$/, () => "Hay más de un elemento raíz."],
  [/^char '&' is not expected\.$/, () => "El carácter «&» no puede ir solo en el texto (se escribe «&amp;»)."],
  [/^char '(.*)' is not expected\.$/s, (char) => `El carácter ${quoted(char)} no se esperaba aquí.`],
  [/^Extra text at the end$/, () => "Hay texto después del final del elemento raíz."],
  [/^Start tag expected\.$/, () => "No se encontró ninguna etiqueta XML: el archivo no parece un XML."],
  [/^Unclosed tag '(.*)'\.$/s, (name) => `La etiqueta ${quoted(name)} no se cerró.`],
  [
    /^XML declaration allowed only at the start of the document\.$/,
    () => "La declaración «<?xml … ?>» solo puede ir al principio del archivo.",
  ],
  [/^Attribute '(.*)' has no space in starting\.$/s, (name) => `Falta un espacio antes del atributo ${quoted(name)}.`],
  [/^Attribute '(.*)' is without value\.$/s, (name) => `El atributo ${quoted(name)} no tiene valor.`],
  [/^boolean attribute '(.*)' is not allowed\.$/s, (name) => `El atributo ${quoted(name)} no tiene valor.`],
  [/^attribute (.*) has no value assigned\.$/s, (name) => `El atributo ${quoted(name)} no tiene valor.`],
  [/^Attribute '(.*)' is an invalid name\.$/s, (name) => `${quoted(name)} no es un nombre de atributo válido.`],
  [/^Attribute '(.*)' is repeated\.$/s, (name) => `El atributo ${quoted(name)} está repetido.`],
];

/** The tags left open at the end, which the validator lists as JSON and places at line 1. */
const UNCLOSED_AT_END = /^Invalid '(\[.*\])' found\.$/s;

function unclosedAtEnd(message: string): string | null {
  const match = UNCLOSED_AT_END.exec(message);
  if (!match) return null;
  let tags: string[] = [];
  try {
    const parsed: unknown = JSON.parse(match[1]);
    if (Array.isArray(parsed)) tags = parsed.map(String);
  } catch {
    tags = [];
  }
  if (tags.length === 0) return "El archivo termina con etiquetas sin cerrar.";
  return tags.length === 1
    ? `El archivo termina sin cerrar la etiqueta ${names(tags)}.`
    : `El archivo termina sin cerrar las etiquetas ${names(tags)}.`;
}

/** "El XML está mal formado (línea 3, columna 5): La etiqueta «Clave» no se cerró." */
export function xmlValidatorMessage(error: XmlValidatorError): string {
  const atEnd = unclosedAtEnd(error.msg);
  if (atEnd) return `El XML está mal formado: ${atEnd}`;
  const where = error.line ? ` (línea ${error.line}${error.col ? `, columna ${error.col}` : ""})` : "";
  for (const [pattern, spanish] of VALIDATOR_MESSAGES) {
    const match = pattern.exec(error.msg);
    if (match) return `El XML está mal formado${where}: ${spanish(...match.slice(1))}`;
  }
  return `El XML está mal formado${where}.`;
}

/** The parser (stricter than the validator on a few constructs) throws English errors: never shown as such. */
const PARSER_MESSAGES: Array<[RegExp, (...groups: string[]) => string]> = [
  [/^Pi Tag is not closed\.$/, () => "una instrucción de procesamiento «<? … ?>» no se cerró."],
  [/^Multiple DOCTYPE declarations found\.$/, () => "hay más de una declaración DOCTYPE."],
  [/^Unexpected end of (.*)$/s, (name) => `el archivo termina dentro de ${quoted(name)}.`],
  [/^Invalid tag name: (.*)$/s, (name) => `${quoted(name)} no es un nombre de etiqueta válido.`],
  [/^Maximum nested tags exceeded$/, () => "tiene demasiados niveles de etiquetas anidadas."],
  [/^Unpaired tag can not be used as closing tag: (.*)$/s, (tag) => `${quoted(tag)} no puede cerrar una etiqueta.`],
];

export function xmlParserMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  for (const [pattern, spanish] of PARSER_MESSAGES) {
    const match = pattern.exec(message);
    if (match) return `El XML está mal formado: ${spanish(...match.slice(1))}`;
  }
  return "El XML está mal formado: no se pudo leer su estructura.";
}
