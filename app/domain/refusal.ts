/**
 * Why a service refused a request, in Spanish for the person who asked: the field it concerns (none: the
 * whole form), the line of a multi-line input (an entry's lines, an imported file's rows), and the message.
 * `kind` says what sort of «no» it is when it is not «the request is wrong» (decision 260): the route
 * answers with the matching status, and the service never builds an HTTP response itself.
 */
export interface Refusal {
  field?: string;
  line?: number;
  message: string;
  kind?: RefusalKind;
}

/** Absent: the request is wrong (invalid input). «unavailable»: a service the app relies on (the mail relay) failed. */
export type RefusalKind = "forbidden" | "not-found" | "conflict" | "too-large" | "too-many" | "unavailable";

/** A service's answer when it refused: every refusal it found, never an exception or a response. */
export interface Refused {
  ok: false;
  refusals: Refusal[];
}

/** A service's answer that is either what was asked for or the reasons it was refused. */
export type Result<T> = { ok: true; value: T } | Refused;

export function refusal(message: string, field?: string, line?: number): Refusal {
  return { message, ...(field === undefined ? {} : { field }), ...(line === undefined ? {} : { line }) };
}

export function refused(...refusals: Refusal[]): Refused {
  return { ok: false, refusals };
}

export function found<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** Whether the refusals say the thing asked about does not exist (the route answers 404). */
export function isNotFound(refusals: readonly Refusal[]): boolean {
  return refusals.some((candidate) => candidate.kind === "not-found");
}

/** The refusal of something that does not exist for this organization (or at all: the two look the same). */
export function notFoundRefusal(message: string): Refusal {
  return { message, kind: "not-found" };
}
