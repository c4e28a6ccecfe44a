import { SimpleGrid, Text } from "@mantine/core";

export function FieldList({ fields, cols = 2 }: { fields: Array<{ label: string; value: string }>; cols?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: cols }} spacing="xs" verticalSpacing={6} component="dl" m={0}>
      {fields.map((field) => (
        <div key={field.label}>
          <Text component="dt" size="xs" c="dimmed">
            {field.label}
          </Text>
          <Text component="dd" size="sm" m={0}>
            {field.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
