import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Button, Stack, TextInput } from "@mantine/core";
import { Form, useNavigation } from "@remix-run/react";
import { codeSchema } from "~/domain/auth/forms";
import { formErrorOf, inputProps, useSchemaForm } from "./forms/conform";
import { FormError } from "./FormError";

/**
 * The second-factor code (/otp and /otp-verification). A refused code is the form's error, announced
 * above the field; what the schema refuses (an empty or overlong code) shows under the field.
 */
export function CodeForm({
  lastResult,
  label,
  description,
  focusOnLoad = false,
}: {
  lastResult?: SubmissionResult<string[]>;
  label: string;
  description?: string;
  focusOnLoad?: boolean;
}) {
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(codeSchema, { id: "second-factor", lastResult });
  const refused = formErrorOf(form);
  const field = inputProps(fields.code);
  return (
    <Form method="post" replace {...getFormProps(form)}>
      <Stack gap="md">
        <FormError message={refused} />
        <TextInput
          {...field}
          error={field.error ?? (refused ? true : undefined)}
          label={label}
          description={description}
          inputMode="text"
          autoComplete="one-time-code"
          // Only where the code is all the page asks for (callers decide); see docs/decisions/111.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={focusOnLoad}
        />
        <Button type="submit" loading={navigation.state !== "idle"} fullWidth>
          Verificar
        </Button>
      </Stack>
    </Form>
  );
}
