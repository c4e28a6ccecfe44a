/**
 * The field that says the person saw the consequence of an irreversible action and confirmed; the
 * action refuses to act without it. Shared by the page (ConfirmButton) and the action (confirm.server).
 */
export const CONFIRMED_FIELD = "confirmed";
export const CONFIRMED_VALUE = "yes";
