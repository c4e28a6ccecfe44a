/**
 * The Costa Rican IBAN (docs/domain/bank-statements.md §5): CR, two check digits, 0, a 3-digit entity code
 * and a 14-digit account — 22 characters, valid when ISO 7064 MOD 97-10 gives 1.
 */
export const CR_IBAN_LENGTH = 22;

/** Upper case without spaces, dashes or dots: how account numbers are compared. */
export function compactAccount(text: string): string {
  return text.replace(/[\s.\-\u00a0]/g, "").toUpperCase();
}

/** The remainder of the IBAN's rearranged digits modulo 97, computed in chunks (no big integers needed). */
export function ibanRemainder(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

export type IbanResult = { ok: true; iban: string } | { ok: false; message: string };

export function readCostaRicaIban(text: string): IbanResult {
  const iban = compactAccount(text);
  if (!/^CR\d{20}$/.test(iban))
    return { ok: false, message: "El IBAN costarricense tiene 22 caracteres: CR seguido de 20 dígitos." };
  if (iban[4] !== "0") return { ok: false, message: "El quinto carácter de un IBAN costarricense es siempre 0." };
  if (ibanRemainder(iban) !== 1)
    return { ok: false, message: "El IBAN no es válido: revise los dígitos (el dígito de control no coincide)." };
  return { ok: true, iban };
}

/** «CR05 0152 0200 1026 2840 66». */
export function formatIban(iban: string): string {
  return compactAccount(iban).replace(/(.{4})(?=.)/g, "$1 ");
}
