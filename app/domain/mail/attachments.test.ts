import { describe, expect, it } from "vitest";
import { attachmentKind, claveInName, claveInXml, messageKeyOf, pdfClave } from "./attachments";

const CLAVE = "50616102500310112345600100001010000000001100000001";
const bytes = (text: string) => new TextEncoder().encode(text);

describe("what the mail reader takes from a message", () => {
  it("knows XML, ZIP and PDF by name, type or first bytes", () => {
    expect(attachmentKind("factura.XML", "application/octet-stream", bytes("x"))).toBe("xml");
    expect(attachmentKind("sin-nombre", "application/xml", bytes("<a/>"))).toBe("xml");
    expect(attachmentKind("lote.zip", "", bytes("x"))).toBe("zip");
    expect(attachmentKind("adjunto", "application/octet-stream", Uint8Array.of(0x50, 0x4b, 3, 4))).toBe("zip");
    expect(attachmentKind("adjunto", "application/octet-stream", bytes("%PDF-1.4"))).toBe("pdf");
    expect(attachmentKind("logo.png", "image/png", Uint8Array.of(0x89, 0x50))).toBe("other");
  });

  it("reads the clave from a PDF's name or a document's <Clave>, never from a longer number", () => {
    expect(claveInName(`FE-${CLAVE}.pdf`)).toBe(CLAVE);
    expect(claveInName(`${CLAVE}9.pdf`)).toBeNull();
    expect(claveInXml(bytes(`<?xml version="1.0"?><FacturaElectronica><Clave>${CLAVE}</Clave>`))).toBe(CLAVE);
    expect(claveInXml(bytes("<FacturaElectronica/>"))).toBeNull();
  });

  it("pairs a PDF with the clave in its name, else with the message's only comprobante", () => {
    expect(pdfClave("factura.pdf", [CLAVE])).toBe(CLAVE);
    expect(pdfClave("factura.pdf", [CLAVE, CLAVE])).toBe(CLAVE);
    expect(pdfClave("factura.pdf", [CLAVE, CLAVE.replace(/1$/, "2")])).toBeNull();
    expect(pdfClave("factura.pdf", [])).toBeNull();
  });

  it("keys a message by its Message-ID, the same in every folder, else by its place", () => {
    expect(messageKeyOf("<abc@proveedor.cr>", "INBOX:1:7")).toBe("id:abc@proveedor.cr");
    expect(messageKeyOf(undefined, "INBOX:1:7")).toBe("place:INBOX:1:7");
    expect(messageKeyOf("  ", "INBOX:1:7")).toBe("place:INBOX:1:7");
  });
});
