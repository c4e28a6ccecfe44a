/**
 * Compiles what production runs outside the Remix build to JavaScript in `build/server/` (decision 210):
 * the HTTP server, the request pipeline tests serve the built app through, the operator scripts, the
 * embedded database's command line and the receipts' parse worker. Dependencies stay in node_modules;
 * the project's own modules are bundled, and code shared by several entries (or loaded only on demand,
 * like the demo seed) goes into chunks of its own. `npm run build` runs it after `remix build`.
 */
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_BUILD_DIR = path.join(root, "build/server");

/** Output name (without `.js`) → source. */
export const SERVER_ENTRIES: Record<string, string> = {
  server: "server.ts",
  "http-app": "app/boot/http-app.server.ts",
  "parse-worker": "app/services/receipts/parse-worker.server.ts",
  db: "packages/embedded-mongo/src/cli.ts",
  "scripts/seed": "scripts/seed.ts",
  "scripts/create-user": "scripts/create-user.ts",
  "scripts/ledger-verify": "scripts/ledger-verify.ts",
  "scripts/board-verify": "scripts/board-verify.ts",
  "scripts/board-rebuild": "scripts/board-rebuild.ts",
};

/** Packages are installed beside the build (`npm ci --omit=dev`), never copied into it. */
const packagesStayExternal: Plugin = {
  name: "packages-stay-external",
  setup(builder) {
    builder.onResolve({ filter: /^[^./~]/ }, (args) => ({ path: args.path, external: true }));
  },
};

/**
 * Builds into `outdir`. Each file is written beside its place and renamed over it, so a process that
 * starts the server while another build runs reads either the old file or the new one, never half.
 */
export async function buildServer({ outdir = SERVER_BUILD_DIR, clean = false } = {}): Promise<string[]> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(SERVER_ENTRIES).map(([out, source]) => [out, source])),
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    chunkNames: "chunks/[name]-[hash]",
    tsconfig: path.join(root, "tsconfig.json"),
    plugins: [packagesStayExternal],
    write: false,
    logLevel: "warning",
  });
  if (clean) await rm(outdir, { recursive: true, force: true });
  for (const file of result.outputFiles) {
    await mkdir(path.dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    await writeFile(temporary, file.contents);
    await rename(temporary, file.path);
  }
  return result.outputFiles.map((file) => path.relative(root, file.path));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = await buildServer({ clean: true });
  console.log(`build/server: ${files.length} files`);
}
