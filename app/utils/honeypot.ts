export const HONEYPOT_FIELD = "sitio_web";
