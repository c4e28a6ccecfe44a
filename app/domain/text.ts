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
