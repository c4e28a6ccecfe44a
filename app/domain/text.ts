/** Text as searches compare it (pure, shared by server and browser): lower case, without accents, single spaces ("Ferretería" ≈ "ferreteria"). */
export function searchText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** Only the digits of a cédula, consecutivo or clave typed with dashes or spaces. */
export function searchDigits(text: string): string {
  const compact = text.replace(/[\s-]/g, "");
  return /^\d+$/.test(compact) ? compact : "";
}

/** The singular or the plural form for a count (Spanish: 1 is singular, 0 and the rest plural). */
export function plural(count: number, singular: string, pluralForm: string): string {
  return count === 1 ? singular : pluralForm;
}

/** "1 comprobante", "0 comprobantes", "1 234 comprobantes" (es-CR digit grouping). */
export function countLabel(count: number, singular: string, pluralForm: string): string {
  return `${count.toLocaleString("es-CR")} ${plural(count, singular, pluralForm)}`;
}

/** A label that stands alone (a heading, a link on its own line) starts with a capital: "Octubre de 2025". */
export function sentenceCase(text: string): string {
  return text.charAt(0).toLocaleUpperCase("es-CR") + text.slice(1);
}
