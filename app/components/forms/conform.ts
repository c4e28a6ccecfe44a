import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { z } from "zod";

/**
 * The page side of a form: the same zod schema as the action, native constraints (required, maxLength…)
 * so the form validates without JavaScript, and the action's `submission.reply()` as `lastResult`, which
 * brings back the errors and the submitted values.
 */
export function useSchemaForm<Schema extends z.ZodTypeAny>(
  schema: Schema,
  options: { id: string; lastResult?: SubmissionResult<string[]> | null; defaultValue?: Record<string, unknown> },
) {
  return useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/** The reply if it answers the form posting this `intent` (pages with several forms). */
export function replyFor(result: unknown, intent: string): SubmissionResult<string[]> | undefined {
  const reply = result as SubmissionResult<string[]> | undefined;
  return reply?.initialValue?.intent === intent ? reply : undefined;
}

type Field = FieldMetadata<unknown, Record<string, unknown>, string[]>;

// Mantine links the error and description to the input itself; conform's aria attributes would point elsewhere.
function mantine<P extends { key?: unknown }>(props: P, field: Field) {
  const { key: _key, ...rest } = props;
  return { ...rest, error: field.errors?.[0] };
}

export const inputProps = (field: Field, type: Parameters<typeof getInputProps>[1]["type"] = "text") =>
  mantine(getInputProps(field as never, { type, ariaAttributes: false }), field);
export const selectProps = (field: Field) => mantine(getSelectProps(field as never, { ariaAttributes: false }), field);
export const textareaProps = (field: Field) =>
  mantine(getTextareaProps(field as never, { ariaAttributes: false }), field);

/** The form's own errors (conform's form-level key), e.g. a service refusal without a field. */
export function formErrorOf(form: { errors?: string[] }): string | undefined {
  return form.errors?.[0];
}
