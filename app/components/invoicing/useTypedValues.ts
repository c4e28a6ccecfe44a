import { parseWithZod } from "@conform-to/zod";
import { useState, type FormEvent } from "react";
import { invoiceFormSchema, type InvoiceFormValues } from "~/domain/invoicing/form";

/**
 * The form's values as the user types (read from the form itself on every input, with the same
 * schema the action parses), so totals and options follow the typing; null until the first input
 * and after the form is replaced (a new `formId`). Without JavaScript nothing runs: the page shows
 * what the server rendered.
 */
export function useTypedValues(formId: string) {
  const [typed, setTyped] = useState<{ formId: string; values: InvoiceFormValues } | null>(null);
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const submission = parseWithZod(new FormData(event.currentTarget), { schema: invoiceFormSchema });
    if (submission.status === "success") setTyped({ formId, values: submission.value });
  };
  return { values: typed?.formId === formId ? typed.values : null, onInput };
}
