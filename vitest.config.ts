import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "~models": fileURLToPath(new URL("./models", import.meta.url)),
      "~": fileURLToPath(new URL("./app", import.meta.url)),
    },
  },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "models/**/*.test.ts",
      "packages/*/tests/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/**/*.test.ts",
    ],
    exclude: ["tests/e2e/**", "node_modules/**", "build/**"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
