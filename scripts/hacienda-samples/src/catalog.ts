/** Realistic Costa Rican parties and goods / services used by the sample generator. */

export interface SampleLocation {
  provincia: string;
  canton: string;
  distrito: string;
  /** Neighbourhood name (v4.4 free text); v4.3 documents write the 2-digit code instead. */
  barrio?: string;
  barrioCodigo?: string;
  otrasSenas: string;
}

export interface SampleParty {
  nombre: string;
  identificacion: { tipo: "01" | "02" | "03" | "04" | "05" | "06"; numero: string };
  nombreComercial?: string;
  correo?: string;
  telefono?: string;
  ubicacion?: SampleLocation;
  /** Economic activity code (6 characters). */
  codigoActividad?: string;
  /** Address abroad (foreign buyers of exports). */
  otrasSenasExtranjero?: string;
}

export const FERRETERIA_EL_CLAVO: SampleParty = {
  nombre: "Ferretería El Clavo S.A.",
  identificacion: { tipo: "02", numero: "3101123456" },
  nombreComercial: "Ferretería El Clavo",
  correo: "facturacion@elclavo.cr",
  telefono: "22345678",
  ubicacion: {
    provincia: "1",
    canton: "01",
    distrito: "03",
    barrio: "Barrio Amón",
    barrioCodigo: "02",
    otrasSenas: "De la Iglesia del Carmen 200 metros norte, local esquinero",
  },
  codigoActividad: "475201",
};

/** Registered companies and professionals that buy from or sell to the sample organization. */
export const BUSINESS_PARTIES: readonly SampleParty[] = [
  {
    nombre: "Distribuidora La Sabana S.A.",
    identificacion: { tipo: "02", numero: "3101456789" },
    nombreComercial: "Dislasa",
    correo: "fe@dislasa.co.cr",
    telefono: "22901122",
    ubicacion: {
      provincia: "1",
      canton: "01",
      distrito: "08",
      barrio: "Sabana Norte",
      barrioCodigo: "04",
      otrasSenas: "Costado oeste del Estadio Nacional",
    },
    codigoActividad: "514101",
  },
  {
    nombre: "Servicios Contables Arenal S.R.L.",
    identificacion: { tipo: "02", numero: "3102765432" },
    correo: "contabilidad@arenalsc.cr",
    telefono: "24791010",
    ubicacion: {
      provincia: "2",
      canton: "10",
      distrito: "01",
      barrio: "Barrio San Martín",
      barrioCodigo: "01",
      otrasSenas: "Frente a la escuela, oficina 3",
    },
    codigoActividad: "741201",
  },
  {
    nombre: "Transportes Guanacaste Limitada",
    identificacion: { tipo: "02", numero: "3102345678" },
    nombreComercial: "TransGuana",
    correo: "facturas@transguana.cr",
    telefono: "26660505",
    ubicacion: {
      provincia: "5",
      canton: "01",
      distrito: "01",
      barrio: "Barrio Los Ángeles",
      barrioCodigo: "03",
      otrasSenas: "Carretera a Santa Cruz, 1 km al sur",
    },
    codigoActividad: "602301",
  },
  {
    nombre: "Importadora Caribe del Sol S.A.",
    identificacion: { tipo: "02", numero: "3101987654" },
    correo: "facturacion@caribedelsol.com",
    telefono: "27580909",
    ubicacion: {
      provincia: "7",
      canton: "01",
      distrito: "01",
      barrio: "Barrio Roosevelt",
      barrioCodigo: "05",
      otrasSenas: "Contiguo a la terminal de buses, bodega 4",
    },
    codigoActividad: "513903",
  },
  {
    nombre: "Consultores Monteverde S.A.",
    identificacion: { tipo: "02", numero: "3101234987" },
    correo: "admin@consultoresmv.cr",
    telefono: "26451212",
    ubicacion: {
      provincia: "6",
      canton: "01",
      distrito: "10",
      barrio: "Santa Elena",
      barrioCodigo: "01",
      otrasSenas: "200 metros este del supermercado",
    },
    codigoActividad: "722003",
  },
  {
    nombre: "María Fernanda Solís Rojas",
    identificacion: { tipo: "01", numero: "112340567" },
    correo: "mfsolis.consultora@gmail.com",
    telefono: "88887766",
    ubicacion: {
      provincia: "4",
      canton: "01",
      distrito: "02",
      barrio: "Barrio Fátima",
      barrioCodigo: "06",
      otrasSenas: "Condominio Las Flores, casa 12",
    },
    codigoActividad: "741203",
  },
  {
    nombre: "Constructora Irazú S.A.",
    identificacion: { tipo: "02", numero: "3101556677" },
    correo: "compras@constructorairazu.cr",
    telefono: "25512020",
    ubicacion: {
      provincia: "3",
      canton: "01",
      distrito: "01",
      barrio: "Barrio El Molino",
      barrioCodigo: "07",
      otrasSenas: "De las ruinas 300 metros sur",
    },
    codigoActividad: "452001",
  },
  {
    nombre: "Farmacia San Rafael Limitada",
    identificacion: { tipo: "02", numero: "3102112233" },
    correo: "fe@farmaciasanrafael.cr",
    telefono: "22631414",
    ubicacion: {
      provincia: "4",
      canton: "05",
      distrito: "01",
      barrio: "Centro de San Rafael",
      barrioCodigo: "01",
      otrasSenas: "Frente al parque de San Rafael",
    },
    codigoActividad: "523101",
  },
  {
    nombre: "Jorge Alberto Vargas Mora",
    identificacion: { tipo: "03", numero: "155812345678" },
    correo: "jvargas.mora@outlook.com",
    telefono: "87001234",
    ubicacion: {
      provincia: "1",
      canton: "15",
      distrito: "01",
      barrio: "Barrio Escalante",
      barrioCodigo: "08",
      otrasSenas: "Calle 33, casa 1520",
    },
    codigoActividad: "930990",
  },
];

/** Unregistered small suppliers: the emisor of a factura electrónica de compra. */
export const UNREGISTERED_SUPPLIERS: readonly SampleParty[] = [
  {
    nombre: "Juan Carlos Pérez Mora",
    identificacion: { tipo: "01", numero: "204560789" },
    correo: "jcperez.mora@gmail.com",
    ubicacion: {
      provincia: "2",
      canton: "06",
      distrito: "01",
      barrio: "Barrio San José",
      barrioCodigo: "01",
      otrasSenas: "Finca La Esperanza, 2 km al este",
    },
  },
  {
    nombre: "Ana Lucía Quesada Brenes",
    identificacion: { tipo: "01", numero: "305430210" },
    correo: "analucia.quesada@yahoo.com",
    ubicacion: {
      provincia: "3",
      canton: "02",
      distrito: "03",
      barrio: "Barrio La Cruz",
      barrioCodigo: "02",
      otrasSenas: "Costado norte de la plaza de deportes",
    },
  },
];

/** Buyers abroad, for export invoices. */
export const FOREIGN_BUYERS: readonly SampleParty[] = [
  {
    nombre: "Global Hardware Imports LLC",
    identificacion: { tipo: "05", numero: "US880123456" },
    correo: "ap@globalhardware.example.com",
    otrasSenasExtranjero: "1200 Main Street, Suite 400, Houston, TX 77002, United States",
  },
  {
    nombre: "Ferremax Panamá S.A.",
    identificacion: { tipo: "05", numero: "PA155667788" },
    correo: "compras@ferremax.example.com",
    otrasSenasExtranjero: "Vía España, Edificio Plaza, piso 3, Ciudad de Panamá, Panamá",
  },
];

/** Walk-in consumers of a tiquete (some identify themselves). */
export const CONSUMERS: readonly SampleParty[] = [
  {
    nombre: "Luis Diego Chaves Araya",
    identificacion: { tipo: "01", numero: "113450987" },
    correo: "ldchaves@gmail.com",
  },
  { nombre: "Sofía Jiménez Castro", identificacion: { tipo: "01", numero: "701230456" } },
];

export const PROVEEDOR_SISTEMAS = "3101654321";

export interface SampleItem {
  detalle: string;
  cabys: string;
  service: boolean;
  /** Unit per version (v4.3 writes kilograms as "kg", v4.4 as "Kg"). */
  unit: { "4.3": string; "4.4": string };
  /** Price in colones with at most 2 decimals, as text. */
  price: string;
  /** Usual IVA rate code (CodigoTarifaIVA); v4.4-only codes are mapped for v4.3. */
  rateCode: string;
  commercialCode?: string;
}

const units = (unit: string) => ({ "4.3": unit, "4.4": unit });

export const GOODS: readonly SampleItem[] = [
  {
    detalle: "Clavos de acero 2 1/2 pulgadas, caja de 1 kg",
    cabys: "4299903010100",
    service: false,
    unit: units("Unid"),
    price: "1850.00",
    rateCode: "08",
    commercialCode: "CLV-212",
  },
  {
    detalle: "Cemento gris uso general, saco de 50 kg",
    cabys: "3744001000100",
    service: false,
    unit: units("Unid"),
    price: "7450.00",
    rateCode: "08",
    commercialCode: "CEM-050",
  },
  {
    detalle: "Varilla corrugada #3 de 6 metros",
    cabys: "4125101020000",
    service: false,
    unit: units("Unid"),
    price: "2890.00",
    rateCode: "08",
  },
  {
    detalle: "Tubo PVC 1/2 pulgada SDR 13.5, 6 metros",
    cabys: "3632001000100",
    service: false,
    unit: units("Unid"),
    price: "3125.50",
    rateCode: "08",
    commercialCode: "PVC-012",
  },
  {
    detalle: "Pintura látex blanca mate",
    cabys: "3511001010000",
    service: false,
    unit: units("Gal"),
    price: "14900.00",
    rateCode: "08",
  },
  {
    detalle: "Alambre negro recocido calibre 16",
    cabys: "4125301000000",
    service: false,
    unit: { "4.3": "kg", "4.4": "Kg" },
    price: "1675.00",
    rateCode: "08",
  },
  {
    detalle: "Arroz blanco 99% grano entero, 2 kg",
    cabys: "2316101000100",
    service: false,
    unit: units("Unid"),
    price: "2350.00",
    rateCode: "02",
  },
  {
    detalle: "Frijoles negros, bolsa de 900 g",
    cabys: "0171301000100",
    service: false,
    unit: units("Unid"),
    price: "1490.00",
    rateCode: "02",
  },
  {
    detalle: "Acetaminofén 500 mg, caja de 100 tabletas",
    cabys: "3542002010000",
    service: false,
    unit: units("Unid"),
    price: "3800.00",
    rateCode: "03",
  },
  {
    detalle: "Semilla de maíz certificada, saco de 20 kg",
    cabys: "0112101000000",
    service: false,
    unit: units("Unid"),
    price: "28500.00",
    rateCode: "02",
  },
  {
    detalle: "Agua purificada, botella de 600 ml",
    cabys: "2441001010100",
    service: false,
    unit: units("Unid"),
    price: "650.00",
    rateCode: "08",
  },
  {
    detalle: "Diésel para maquinaria",
    cabys: "3334002000000",
    service: false,
    unit: units("L"),
    price: "781.25",
    rateCode: "08",
  },
  {
    detalle: "Libro de texto de matemáticas, primaria",
    cabys: "3221002000000",
    service: false,
    unit: units("Unid"),
    price: "9500.00",
    rateCode: "10",
  },
];

export const SERVICES: readonly SampleItem[] = [
  {
    detalle: "Servicio de asesoría contable mensual",
    cabys: "8222100000000",
    service: true,
    unit: units("Sp"),
    price: "185000.00",
    rateCode: "08",
  },
  {
    detalle: "Consultoría en tecnologías de información",
    cabys: "8313100000000",
    service: true,
    unit: units("Sp"),
    price: "95000.00",
    rateCode: "08",
  },
  {
    detalle: "Alquiler de local comercial",
    cabys: "7211200000000",
    service: true,
    unit: units("Alc"),
    price: "650000.00",
    rateCode: "08",
  },
  {
    detalle: "Servicio de transporte de carga por carretera",
    cabys: "6511901000000",
    service: true,
    unit: units("Os"),
    price: "48000.00",
    rateCode: "08",
  },
  {
    detalle: "Mantenimiento preventivo de montacargas",
    cabys: "8715200000000",
    service: true,
    unit: units("St"),
    price: "72500.00",
    rateCode: "08",
  },
  {
    detalle: "Consulta médica general",
    cabys: "9312101000000",
    service: true,
    unit: units("Sp"),
    price: "35000.00",
    rateCode: "04",
  },
  {
    detalle: "Boleto aéreo nacional San José - Liberia",
    cabys: "6421001000000",
    service: true,
    unit: units("Os"),
    price: "62000.00",
    rateCode: "04",
  },
  {
    detalle: "Curso de capacitación en manejo de inventarios",
    cabys: "9291901000000",
    service: true,
    unit: units("Spe"),
    price: "120000.00",
    rateCode: "03",
  },
  {
    detalle: "Prima de seguro de vida colectivo",
    cabys: "7131101000000",
    service: true,
    unit: units("Os"),
    price: "41500.00",
    rateCode: "03",
  },
  {
    detalle: "Almuerzo ejecutivo",
    cabys: "6331101000000",
    service: true,
    unit: units("Os"),
    price: "5800.00",
    rateCode: "08",
  },
  {
    detalle: "Cuota de mantenimiento condominal",
    cabys: "7212101000000",
    service: true,
    unit: units("Os"),
    price: "85000.00",
    rateCode: "11",
  },
];

export const EXPORT_GOODS: readonly SampleItem[] = [
  {
    detalle: "Bisagras de acero inoxidable 3 pulgadas (exportación)",
    cabys: "4299201000000",
    service: false,
    unit: units("Unid"),
    price: "1200.00",
    rateCode: "01",
  },
  {
    detalle: "Cerraduras de pomo cromadas (exportación)",
    cabys: "4299101000000",
    service: false,
    unit: units("Unid"),
    price: "6500.00",
    rateCode: "01",
  },
  {
    detalle: "Herramientas manuales surtidas (exportación)",
    cabys: "4291201000000",
    service: false,
    unit: units("Unid"),
    price: "15800.00",
    rateCode: "01",
  },
];

export const RATE_BY_CODE: Readonly<Record<string, string>> = {
  "01": "0.00",
  "02": "1.00",
  "03": "2.00",
  "04": "4.00",
  "08": "13.00",
  "10": "0.00",
  "11": "0.00",
};

export const DISCOUNT_KINDS_44 = [
  { codigo: "07", naturaleza: "Descuento comercial" },
  { codigo: "04", naturaleza: "Descuento por volumen de compra" },
  { codigo: "06", naturaleza: "Promoción del mes" },
] as const;
