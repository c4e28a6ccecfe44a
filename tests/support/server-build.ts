/**
 * The compiled server (`build/server/`, what `npm start` and the image run), built once per test
 * process from the current sources so that no test starts a stale one. The Remix build
 * (`build/index.js`) comes from `remix build` as before.
 */
import path from "node:path";
import { buildServer } from "../../scripts/build-server";

let built: Promise<unknown> | null = null;

export async function compiledServer(): Promise<{ dir: string; entry(name: string): string }> {
  built ??= buildServer();
  await built;
  const dir = path.resolve("build/server");
  return { dir, entry: (name) => path.join(dir, `${name}.js`) };
}
