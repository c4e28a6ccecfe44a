import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const LEDGER_MODELS = ["entry", "entry-number", "period-balance", "posted-line", "balances-revision"];
export const LEDGER_WRITE_PATHS = {
  patterns: [
    {
      group: LEDGER_MODELS.flatMap((model) => [`~models/${model}`, `**/models/${model}`]),
      allowTypeImports: true,
      message: "Entries and balances are written only by app/services/ledger/: use its API (ledger.server.ts).",
    },
    {
      group: ["~models/receipt-booking", "**/models/receipt-booking"],
      importNames: ["ReceiptBooking", "insertReceiptBookings", "deleteReceiptBookingOfEntry"],
      allowTypeImports: true,
      message: "Receipt links are written only by app/services/ledger/ with their entries.",
    },
  ],
};

export default tseslint.config(
  {
    ignores: ["node_modules", "build", "public/build", ".cache", ".data", "test-results", "playwright-report"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/components/**", "~/components/**"],
              message: "Server and domain code must not import UI components.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.tsx", "app/components/**/*.ts", "app/routes/**/*.ts", "app/root.tsx", "app/entry.*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "no-restricted-imports": "off",
    },
  },
  {
    files: ["**/*.test.ts", "**/*.test.tsx", "tests/**"],
    rules: { "no-restricted-imports": "off", "@typescript-eslint/no-non-null-assertion": "off" },
  },
  // Only the ledger service writes the books (docs/design/books.md §1, decision 216): the models of
  // entries, entry numbers, period balances, posted lines and the balances revision, and the write
  // side of receipt links, are imported by app/services/ledger/ alone. Their types stay importable.
  {
    files: ["**/*.{ts,tsx,js,mjs,cjs}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", LEDGER_WRITE_PATHS] },
  },
  {
    files: [
      // The owner, and the models themselves.
      "app/services/ledger/**",
      "models/**",
      // Tests read what the service stored and break it on purpose (crash and consistency tests).
      "**/*.test.ts",
      "**/*.test.tsx",
      "tests/**",
      // The booking benchmark counts the receipt links its run wrote, to check the run (a read).
      "bench/booking.ts",
      // The board benchmark seeds period balances directly: it measures reading them, not posting.
      "bench/board.ts",
      // Its full size writes the ledger's documents in bulk (posting 5 million entries one by one takes days).
      "bench/board-full-seed.ts",
    ],
    rules: { "@typescript-eslint/no-restricted-imports": "off" },
  },
);
