/**
 * Validates XML against Hacienda's XSDs with Debian's xmllint (libxml2-utils), offline.
 * The schemas are vendored in packages/hacienda-xsd.
 */
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { HACIENDA_XSD_CATALOG, XMLDSIG_SCHEMA } from "../../packages/hacienda-xsd/index";

export {
  HACIENDA_XSD_DIR,
  haciendaXsdPath,
  type HaciendaXsdVersion as XsdVersion,
} from "../../packages/hacienda-xsd/index";
export const XMLLINT = "xmllint";

export interface XmlValidation {
  valid: boolean;
  errors: string[];
}

export interface ValidateOptions {
  /**
   * Validate against a temporary copy of the schema in which ds:Signature is optional, to check the
   * structure of unsigned documents (as packages/hacienda-xsd/SOURCES.md suggests).
   */
  signatureOptional?: boolean;
}

interface RunResult {
  code: number | null;
  stderr: string;
}

function run(args: string[], cwd: string): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(XMLLINT, args, {
      cwd,
      env: { ...process.env, XML_CATALOG_FILES: HACIENDA_XSD_CATALOG },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

async function relaxedSchemaCopy(xsdPath: string, workDir: string): Promise<string> {
  const original = await readFile(xsdPath, "utf8");
  const relaxed = original
    .replace(/(<xs:element ref="ds:Signature") minOccurs="1"/g, '$1 minOccurs="0"')
    .replace(/schemaLocation="\.\.\/\.\.\/xmldsig-core-schema\.xsd"/g, `schemaLocation="${XMLDSIG_SCHEMA}"`);
  const copy = path.join(workDir, path.basename(xsdPath));
  await writeFile(copy, relaxed);
  return copy;
}

/** Validates several documents with one xmllint run (the schema is compiled once). */
export async function validateXmlBatch(
  xmls: string[],
  xsdPath: string,
  options: ValidateOptions = {},
): Promise<XmlValidation[]> {
  if (xmls.length === 0) return [];
  const workDir = await mkdtemp(path.join(tmpdir(), "xmllint-"));
  try {
    const schema = options.signatureOptional ? await relaxedSchemaCopy(xsdPath, workDir) : xsdPath;
    const files = xmls.map((_, index) => path.join(workDir, `doc-${String(index).padStart(5, "0")}.xml`));
    await Promise.all(xmls.map((xml, index) => writeFile(files[index], xml)));
    // Opened by a relative name from its own folder so the catalog also maps the relative xmldsig import.
    const { code, stderr } = await run(
      ["--noout", "--nonet", "--schema", path.basename(schema), ...files],
      path.dirname(schema),
    );
    if (/failed to compile/.test(stderr)) throw new Error(`xmllint could not compile ${schema}:\n${stderr}`);
    const lines = stderr.split("\n");
    const results = files.map((file) => {
      const errors = lines.filter((line) => line.startsWith(`${file}:`)).map((line) => line.slice(file.length + 1));
      const failed = lines.includes(`${file} fails to validate`);
      return { valid: !failed && errors.length === 0 && lines.includes(`${file} validates`), errors };
    });
    if (code !== 0 && results.every((result) => result.valid)) {
      throw new Error(`xmllint exited with ${code}:\n${stderr}`);
    }
    return results;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

export async function validateXml(xml: string, xsdPath: string, options: ValidateOptions = {}): Promise<XmlValidation> {
  const [result] = await validateXmlBatch([xml], xsdPath, options);
  return result;
}
