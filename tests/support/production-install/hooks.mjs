// Module resolution as after `npm ci --omit=dev`: a package the lock file marks as needed only for
// development (`"dev": true`) is refused as if it were not installed.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = process.cwd();
const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8"));
const developmentOnly = Object.entries(lock.packages)
  .filter(([location, entry]) => location !== "" && entry.dev === true)
  .map(([location]) => path.join(root, location) + path.sep);

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (resolved.url.startsWith("file:")) {
    const file = fileURLToPath(resolved.url);
    const directory = developmentOnly.find((prefix) => file.startsWith(prefix));
    if (directory) {
      const error = new Error(
        `Cannot find package '${specifier}': ${path.relative(root, directory)} is a development dependency`,
      );
      error.code = "ERR_MODULE_NOT_FOUND";
      throw error;
    }
  }
  return resolved;
}
