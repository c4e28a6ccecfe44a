#!/usr/bin/env bash
# Debian packages the test suite needs: Chromium for the browser tests, xmllint to validate XML
# against Hacienda's schemas, hledger to check the journal export's totals,
# poppler (pdftotext, pdftoppm) to read and render the printable PDFs, xmlsec1 to verify the
# invoices' signatures with a verifier independent of the one that signs them, dovecot (IMAP) for the
# mail reader's tests against a real mail server. Installs only what is missing.
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v xmllint >/dev/null 2>&1 || missing+=(libxml2-utils)
command -v hledger >/dev/null 2>&1 || missing+=(hledger)
{ command -v pdftotext && command -v pdftoppm && command -v pdfinfo; } >/dev/null 2>&1 || missing+=(poppler-utils)
command -v xmlsec1 >/dev/null 2>&1 || missing+=(xmlsec1)
{ command -v dovecot || test -x /usr/sbin/dovecot; } >/dev/null 2>&1 || missing+=(dovecot-imapd)
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "installing ${missing[*]} with apt-get"
sudo_cmd=""
if [ "$(id -u)" -ne 0 ]; then sudo_cmd="sudo"; fi
$sudo_cmd apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
