/**
 * Why a service refused a request, in Spanish for the person who asked: the field it concerns (none: the
 * whole form), the line of a multi-line input (an entry's lines, an imported file's rows), and the message.
 */
export interface Refusal {
  field?: string;
  line?: number;
  message: string;
}

export function refusal(message: string, field?: string, line?: number): Refusal {
  return { message, ...(field === undefined ? {} : { field }), ...(line === undefined ? {} : { line }) };
}
