/**
 * Every Hacienda schema requires one ds:Signature. Until documents are really signed (XAdES-EPES),
 * test data and unsigned previews carry this structurally valid placeholder: the schema accepts it,
 * no verifier ever would (all digests and values are zero bytes).
 */
import { XMLDSIG_NAMESPACE } from "./codes";

const ZERO_DIGEST = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";
const ZERO_SIGNATURE = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

export const PLACEHOLDER_SIGNATURE_ID = "placeholder-signature";

export const PLACEHOLDER_SIGNATURE = [
  `<ds:Signature xmlns:ds="${XMLDSIG_NAMESPACE}" Id="${PLACEHOLDER_SIGNATURE_ID}">`,
  "  <ds:SignedInfo>",
  '    <ds:CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>',
  '    <ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/>',
  '    <ds:Reference URI="">',
  "      <ds:Transforms>",
  '        <ds:Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/>',
  "      </ds:Transforms>",
  '      <ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>',
  `      <ds:DigestValue>${ZERO_DIGEST}</ds:DigestValue>`,
  "    </ds:Reference>",
  "  </ds:SignedInfo>",
  `  <ds:SignatureValue>${ZERO_SIGNATURE}</ds:SignatureValue>`,
  "</ds:Signature>",
].join("\n");

/** Inserts the placeholder signature as the last child of the root element (where a signer puts it). */
export function withPlaceholderSignature(xml: string): string {
  const closing = xml.lastIndexOf("</");
  if (closing < 0) throw new RangeError("El XML no tiene etiqueta de cierre.");
  const indented = PLACEHOLDER_SIGNATURE.split("\n")
    .map((line) => `  ${line}`)
    .join("\n");
  return `${xml.slice(0, closing)}${indented}\n${xml.slice(closing)}`;
}
