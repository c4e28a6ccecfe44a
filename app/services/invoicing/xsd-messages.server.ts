/** xmllint's (libxml2's) schema and parser messages, in Spanish with the line they refer to. */

/** The namespace part of {namespace}Name (not a pattern's {50,50}). */
const LOCAL_NAME = /\{(?:https?|urn):[^}]*\}/g;

interface Translation {
  pattern: RegExp;
  spanish: (...groups: string[]) => string;
}

const TRANSLATIONS: Translation[] = [
  {
    pattern: /^\[facet 'pattern'\] The value '(.*)' is not accepted by the pattern '(.*)'\.$/,
    spanish: (value, pattern) => `el valor «${value}» no tiene el formato requerido (${pattern}).`,
  },
  {
    pattern:
      /^\[facet 'maxLength'\] The value has a length of '(\d+)'; this exceeds the allowed maximum length of '(\d+)'\.$/,
    spanish: (length, max) => `tiene ${length} caracteres y el máximo es ${max}.`,
  },
  {
    pattern:
      /^\[facet 'minLength'\] The value has a length of '(\d+)'; this underruns the allowed minimum length of '(\d+)'\.$/,
    spanish: (length, min) => `tiene ${length} caracteres y el mínimo es ${min}.`,
  },
  {
    pattern:
      /^\[facet 'length'\] The value has a length of '(\d+)'; this differs from the allowed length of '(\d+)'\.$/,
    spanish: (length, exact) => `tiene ${length} caracteres y debe tener ${exact}.`,
  },
  {
    pattern: /^\[facet 'enumeration'\] The value '(.*)' is not an element of the set \{(.*)\}\.$/,
    spanish: (value, set) => {
      const allowed = set.split(", ").map((item) => item.replace(/^'|'$/g, ""));
      // Long lists (the 101 units of measure) would drown the message.
      return allowed.length > 20
        ? `el valor «${value}» no es uno de los que admite Hacienda.`
        : `el valor «${value}» no es uno de los permitidos (${allowed.join(", ")}).`;
    },
  },
  {
    pattern: /^\[facet 'totalDigits'\] The value '(.*)' has more digits than are allowed \('(\d+)'\)\.$/,
    spanish: (value, digits) => `el valor «${value}» tiene más de ${digits} dígitos.`,
  },
  {
    pattern: /^\[facet 'fractionDigits'\] The value '(.*)' has more fractional digits than are allowed \('(\d+)'\)\.$/,
    spanish: (value, digits) => `el valor «${value}» tiene más de ${digits} decimales.`,
  },
  {
    pattern: /^\[facet 'maxInclusive'\] The value '(.*)' is greater than the maximum value allowed \('(.*)'\)\.$/,
    spanish: (value, max) => `el valor «${value}» supera el máximo permitido (${max}).`,
  },
  {
    pattern: /^\[facet 'minInclusive'\] The value '(.*)' is less than the minimum value allowed \('(.*)'\)\.$/,
    spanish: (value, min) => `el valor «${value}» es menor que el mínimo permitido (${min}).`,
  },
  {
    pattern: /^'(.*)' is not a valid value of the (?:atomic|local atomic|union|list) type '(.*)'\.$/,
    spanish: (value, type) => `«${value}» no es un valor válido para este campo (${type}).`,
  },
  {
    pattern: /^This element is not expected\. Expected is (?:one of )?\( (.*) \)\.$/,
    spanish: (expected) => `este elemento no va aquí; se esperaba ${expected}.`,
  },
  { pattern: /^This element is not expected\.$/, spanish: () => "este elemento no va aquí." },
  {
    pattern: /^Missing child element\(s\)\. Expected is (?:one of )?\( (.*) \)\.$/,
    spanish: (expected) => `falta un elemento; se esperaba ${expected}.`,
  },
  {
    pattern: /^Character content other than whitespace is not allowed because the content type is 'element-only'\.$/,
    spanish: () => "no admite texto, solo elementos.",
  },
  {
    pattern: /^No matching global declaration available for the validation root\.$/,
    spanish: () => "el elemento raíz no corresponde al tipo de comprobante.",
  },
];

function translate(message: string): string {
  for (const { pattern, spanish } of TRANSLATIONS) {
    const match = pattern.exec(message);
    if (match) return spanish(...match.slice(1));
  }
  return message;
}

/**
 * One xmllint line ("documento.xml:12: element X: Schemas validity error : Element '{ns}Cantidad':
 * [facet …] …" or "documento.xml:1: parser error : …") as a Spanish sentence; null for other lines.
 */
export function spanishXsdMessage(line: string, fileName: string): string | null {
  if (!line.startsWith(`${fileName}:`)) return null;
  const rest = line.slice(fileName.length + 1);
  const located = /^(\d+): (.*)$/.exec(rest);
  if (!located) return null;
  const [, lineNumber, body] = located;
  const where = `Línea ${lineNumber}`;
  const schema = /Schemas validity error : (?:Element '([^']*)'(?:, attribute '([^']*)')?: )?(.*)$/.exec(body);
  if (schema) {
    const [, element, attribute, message] = schema;
    const name = element?.replace(LOCAL_NAME, "");
    const subject = name ? `, ${attribute ? `atributo ${attribute} de ` : ""}${name}` : "";
    return `${where}${subject}: ${translate(message.replace(LOCAL_NAME, "").trim())}`;
  }
  const parser = /parser error : (.*)$/.exec(body);
  if (parser) return `${where}: el XML está mal formado (${parser[1].trim()}).`;
  return `${where}: ${body.trim()}`;
}

/** Every message of xmllint's output about `fileName`, in Spanish and in order. */
export function spanishXsdMessages(output: string, fileName: string): string[] {
  return output
    .split("\n")
    .map((line) => spanishXsdMessage(line, fileName))
    .filter((message): message is string => message !== null);
}
