import { Alert, Button, Group, Modal, Stack, Text, type ButtonProps } from "@mantine/core";
import { useRef, useState, type MouseEvent, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { CONFIRMED_FIELD, CONFIRMED_VALUE } from "~/utils/confirm";

export { CONFIRMED_FIELD, CONFIRMED_VALUE };

/** Whether an action's reply is the confirm step of an irreversible action (askConfirmation). */
export function askedConfirmation(result: unknown): boolean {
  return (result as { confirm?: unknown } | null | undefined)?.confirm === true;
}

export interface ConfirmButtonProps extends Omit<ButtonProps, "children"> {
  /** The button's text, also the modal's confirming button. */
  label: string;
  /** The modal's title: the question. */
  title: string;
  /** What happens and that it cannot be undone, in one or two sentences. */
  consequence: ReactNode;
  /** The server asked for the confirm step (no JavaScript): the consequence shows inline, with a confirming button. */
  asked?: boolean;
  /** Checks the form before asking (e.g. the form's schema); false lets the submit go on, so the form shows its errors. */
  validate?: (form: HTMLFormElement) => boolean;
  disabled?: boolean;
  testId?: string;
}

/**
 * The submit button of an irreversible action. With JavaScript, it opens a modal that states the
 * consequence and submits only on confirmation. Without JavaScript the first post comes back with the
 * confirm step (`asked`): the consequence and a second button that posts `confirmed=yes`.
 */
export function ConfirmButton({
  label,
  title,
  consequence,
  asked = false,
  validate,
  disabled,
  testId,
  ...buttonProps
}: ConfirmButtonProps) {
  const hydrated = useHydrated();
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const confirmed = useRef<HTMLInputElement>(null);

  const ask = (event: MouseEvent<HTMLButtonElement>) => {
    if (!hydrated) return;
    const form = event.currentTarget.form;
    if (!form) return;
    if (!form.checkValidity() || (validate && !validate(form))) return; // the form reports its own errors
    event.preventDefault();
    setOpened(true);
  };

  const confirm = () => {
    setOpened(false);
    if (confirmed.current) confirmed.current.value = CONFIRMED_VALUE;
    button.current?.form?.requestSubmit(button.current);
  };

  if (asked) {
    return (
      <Alert color="red" variant="light" title={title} role="alert" data-testid={testId ? `${testId}-step` : undefined}>
        <Stack gap="xs">
          <Text size="sm">{consequence}</Text>
          <input type="hidden" name={CONFIRMED_FIELD} value={CONFIRMED_VALUE} />
          <Group gap="xs">
            <Button type="submit" color="red" {...buttonProps} disabled={disabled} data-testid={testId}>
              {`Sí, ${label.charAt(0).toLowerCase()}${label.slice(1)}`}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }

  return (
    <>
      <input ref={confirmed} type="hidden" name={CONFIRMED_FIELD} defaultValue="" />
      <Button ref={button} type="submit" onClick={ask} disabled={disabled} data-testid={testId} {...buttonProps}>
        {label}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={title}
        centered
        closeButtonProps={{ "aria-label": "Cerrar" }}
      >
        <Stack gap="md">
          <Text size="sm">{consequence}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setOpened(false)}>
              Cancelar
            </Button>
            <Button color="red" onClick={confirm} data-autofocus>
              {`Sí, ${label.charAt(0).toLowerCase()}${label.slice(1)}`}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
