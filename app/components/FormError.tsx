import { Alert } from "@mantine/core";

/** A form's Spanish error message, announced to screen readers; nothing when there is none. */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert">
      {message}
    </Alert>
  );
}
