/**
 * Costa Rica's división territorial administrativa: provinces, cantons and districts by the codes
 * Hacienda's `Ubicacion` uses (Provincia 1 digit, Canton and Distrito 2 digits). Converted from the
 * HL7 Costa Rica working group's public code lists (see SOURCES.md beside this file, which also lists
 * the corrections made here). Pure data: nothing reads the source at run time.
 */

/** Province code → name. */
export const PROVINCES: Readonly<Record<string, string>> = {
  "1": "San José",
  "2": "Alajuela",
  "3": "Cartago",
  "4": "Heredia",
  "5": "Guanacaste",
  "6": "Puntarenas",
  "7": "Limón",
};

/**
 * Canton code (province digit + canton, "101") → [canton name, its districts by number joined with
 * "|"]: the first name is district 01; an empty name is a number no longer in use (its district
 * moved to a newer canton).
 */
export const CANTONS: Readonly<Record<string, readonly [name: string, districts: string]>> = {
  "101": [
    "San José",
    "Carmen|Merced|Hospital|Catedral|Zapote|San Francisco de Dos Ríos|Uruca|Mata Redonda|Pavas|Hatillo|San Sebastián",
  ],
  "102": ["Escazú", "Escazú|San Antonio|San Rafael"],
  "103": [
    "Desamparados",
    "Desamparados|San Miguel|San Juan de Dios|San Rafael Arriba|San Antonio|Frailes|Patarrá|San Cristóbal|Rosario|Damas|San Rafael Abajo|Gravilias|Los Guido",
  ],
  "104": [
    "Puriscal",
    "Santiago|Mercedes Sur|Barbacoas|Grifo Alto|San Rafael|Candelarita|Desamparaditos|San Antonio|Chires",
  ],
  "105": ["Tarrazú", "San Marcos|San Lorenzo|San Carlos"],
  "106": ["Aserrí", "Aserrí|Tarbaca|Vuelta de Jorco|San Gabriel|Legua|Monterrey|Salitrillos"],
  "107": ["Mora", "Ciudad Colón|Guayabo|Tabarcia|Piedras Negras|Picagres|Jaris|Quitirrisí"],
  "108": ["Goicoechea", "Goicoechea|San Francisco|Calle Blancos|Mata de Plátano|Ipís|Rancho Redondo|Purral"],
  "109": ["Santa Ana", "Santa Ana|Salitral|Pozos|Uruca|Piedades|Brasil"],
  "110": ["Alajuelita", "Alajuelita|San Josecito|San Antonio|Concepción|San Felipe"],
  "111": ["Vázquez de Coronado", "San Isidro|San Rafael|Dulce Nombre de Jesús|Patalillo|Cascajal"],
  "112": ["Acosta", "San Ignacio|Guaitil|Palmichal|Cangrejal|Sabanillas"],
  "113": ["Tibás", "San Juan|Cinco Esquinas|Anselmo Llorente|León XIII|Colima"],
  "114": ["Moravia", "San Vicente|San Jerónimo|La Trinidad"],
  "115": ["Montes de Oca", "San Pedro|Sabanilla|Mercedes|San Rafael"],
  "116": ["Turrubares", "San Pablo|San Pedro|San Juan de Mata|San Luis|Carara"],
  "117": ["Dota", "Santa María|Jardín|Copey"],
  "118": ["Curridabat", "Curridabat|Granadilla|Sánchez|Tirrases"],
  "119": [
    "Pérez Zeledón",
    "San Isidro de El General|El General|Daniel Flores|Rivas|San Pedro|Platanares|Pejibaye|Cajón|Barú|Río Nuevo|Páramo|La Amistad",
  ],
  "120": ["León Cortés Castro", "San Pablo|San Andrés|Llano Bonito|San Isidro|Santa Cruz|San Antonio"],
  "201": [
    "Alajuela",
    "Alajuela|San José|Carrizal|San Antonio|Guácima|San Isidro|Sabanilla|San Rafael|Río Segundo|Desamparados|Turrúcares|Tambor|Garita|Sarapiquí",
  ],
  "202": [
    "San Ramón",
    "San Ramón|Santiago|San Juan|Piedades Norte|Piedades Sur|San Rafael|San Isidro|Ángeles|Alfaro|Volio|Concepción|Zapotal|Peñas Blancas|San Lorenzo",
  ],
  "203": ["Grecia", "Grecia|San Isidro|San José|San Roque|Tacares||Puente de Piedra|Bolívar"],
  "204": ["San Mateo", "San Mateo|Desmonte|Jesús María|Labrador"],
  "205": ["Atenas", "Atenas|Jesús|Mercedes|San Isidro|Concepción|San José|Santa Eulalia|Escobal"],
  "206": ["Naranjo", "Naranjo|San Miguel|San José|Cirrí Sur|San Jerónimo|San Juan|El Rosario|Palmitos"],
  "207": ["Palmares", "Palmares|Zaragoza|Buenos Aires|Santiago|Candelaria|Esquipulas|La Granja"],
  "208": ["Poás", "San Pedro|San Juan|San Rafael|Carrillos|Sabana Redonda"],
  "209": ["Orotina", "Orotina|Mastate|Hacienda Vieja|Coyolar|La Ceiba"],
  "210": [
    "San Carlos",
    "Quesada|Florencia|Buenavista|Aguas Zarcas|Venecia|Pital|La Fortuna|La Tigra|La Palmera|Venado|Cutris|Monterrey|Pocosol",
  ],
  "211": ["Zarcero", "Zarcero|Laguna|Tapezco|Guadalupe|Palmira|Zapote|Brisas"],
  "212": ["Sarchí", "Sarchí Norte|Sarchí Sur|Toro Amarillo|San Pedro|Rodríguez"],
  "213": ["Upala", "Upala|Aguas Claras|San José (Pizote)|Bijagua|Delicias|Dos Ríos|Yolillal|Canalete"],
  "214": ["Los Chiles", "Los Chiles|Caño Negro|El Amparo|San Jorge"],
  "215": ["Guatuso", "San Rafael|Buenavista|Cote|Katira"],
  "216": ["Río Cuarto", "Río Cuarto|Santa Rita|Santa Isabel"],
  "301": [
    "Cartago",
    "Cartago|Occidental|Carmen|San Nicolás|Aguacaliente|Guadalupe o Arenilla|Corralillo|Tierra Blanca|Dulce Nombre|Llano Grande|Quebradilla",
  ],
  "302": ["Paraíso", "Paraíso|Santiago|Orosi|Cachí|Llanos de Santa Lucía|Birrisito"],
  "303": ["La Unión", "Tres Ríos|San Diego|San Juan|San Rafael|Concepción|Dulce Nombre|San Ramón|Río Azul"],
  "304": ["Jiménez", "Juan Viñas|Tucurrique|Pejibaye|La Victoria"],
  "305": [
    "Turrialba",
    "Turrialba|La Suiza|Peralta|Santa Cruz|Santa Teresita|Pavones|Tuis|Tayutic|Santa Rosa|Tres Equis|La Isabel|Chirripó",
  ],
  "306": ["Alvarado", "Pacayas|Cervantes|Capellades"],
  "307": ["Oreamuno", "San Rafael|Cot|Potrero Cerrado|Cipreses|Santa Rosa"],
  "308": ["El Guarco", "El Tejar|San Isidro|Tobosi|Patio de Agua"],
  "401": ["Heredia", "Heredia|Mercedes|San Francisco|Ulloa|Vara Blanca"],
  "402": ["Barva", "Barva|San Pedro|San Pablo|San Roque|Santa Lucía|San José de la Montaña|Puente Salas"],
  "403": ["Santo Domingo", "Santo Domingo|San Vicente|San Miguel|Paracito|Santo Tomás|Santa Rosa|Tures|Pará"],
  "404": ["Santa Bárbara", "Santa Bárbara|San Pedro|San Juan|Jesús|Santo Domingo|Purabá"],
  "405": ["San Rafael", "San Rafael|San Josecito|Santiago|Ángeles|Concepción"],
  "406": ["San Isidro", "San Isidro|San José|Concepción|San Francisco"],
  "407": ["Belén", "San Antonio|La Ribera|La Asunción"],
  "408": ["Flores", "San Joaquín|Barrantes|Llorente"],
  "409": ["San Pablo", "San Pablo|Rincón de Sabanilla"],
  "410": ["Sarapiquí", "Puerto Viejo|La Virgen|Horquetas|Llanuras del Gaspar|Cureña"],
  "501": ["Liberia", "Liberia|Cañas Dulces|Mayorga|Nacascolo|Curubandé"],
  "502": ["Nicoya", "Nicoya|Mansión|San Antonio|Quebrada Honda|Sámara|Nosara|Belén de Nosarita"],
  "503": [
    "Santa Cruz",
    "Santa Cruz|Bolsón|Veintisiete de Abril|Tempate|Cartagena|Cuajiniquil|Diriá|Cabo Velas|Tamarindo",
  ],
  "504": ["Bagaces", "Bagaces|La Fortuna|Mogote|Río Naranjo"],
  "505": ["Carrillo", "Filadelfia|Palmira|Sardinal|Belén"],
  "506": ["Cañas", "Cañas|Palmira|San Miguel|Bebedero|Porozal"],
  "507": ["Abangares", "Las Juntas|Sierra|San Juan|Colorado"],
  "508": ["Tilarán", "Tilarán|Quebrada Grande|Tronadora|Santa Rosa|Líbano|Tierras Morenas|Arenal|Cabeceras"],
  "509": ["Nandayure", "Carmona|Santa Rita|Zapotal|San Pablo|Porvenir|Bejuco"],
  "510": ["La Cruz", "La Cruz|Santa Cecilia|La Garita|Santa Elena"],
  "511": ["Hojancha", "Hojancha|Monte Romo|Puerto Carrillo|Huacas|Matambú"],
  "601": [
    "Puntarenas",
    "Puntarenas|Pitahaya|Chomes|Lepanto|Paquera|Manzanillo|Guacimal|Barranca||Isla del Coco|Cóbano|Chacarita|Chira|Acapulco|El Roble|Arancibia",
  ],
  "602": ["Esparza", "Espíritu Santo|San Juan Grande|Macacona|San Rafael|San Jerónimo|Caldera"],
  "603": ["Buenos Aires", "Buenos Aires|Volcán|Potrero Grande|Boruca|Pilas|Colinas|Chánguena|Biolley|Brunka"],
  "604": ["Montes de Oro", "Miramar|La Unión|San Isidro"],
  "605": ["Osa", "Ciudad Cortés|Palmar|Sierpe|Bahía Ballena|Piedras Blancas|Bahía Drake"],
  "606": ["Quepos", "Quepos|Savegre|Naranjito"],
  "607": ["Golfito", "Golfito||Guaycará|Pavón"],
  "608": ["Coto Brus", "San Vito|Sabalito|Aguabuena|Limoncito|Pittier|Gutiérrez Brown"],
  "609": ["Parrita", "Parrita"],
  "610": ["Corredores", "Corredor|La Cuesta|Paso Canoas|Laurel"],
  "611": ["Garabito", "Jacó|Tárcoles|Lagunillas"],
  "612": ["Monteverde", "Monteverde"],
  "613": ["Puerto Jiménez", "Puerto Jiménez"],
  "701": ["Limón", "Limón|Valle La Estrella|Río Blanco|Matama"],
  "702": ["Pococí", "Guápiles|Jiménez|La Rita|Roxana|Cariari|Colorado|La Colonia"],
  "703": ["Siquirres", "Siquirres|Pacuarito|Florida|Germania|Cairo|Alegría|Reventazón"],
  "704": ["Talamanca", "Bratsi|Sixaola|Cahuita|Telire"],
  "705": ["Matina", "Matina|Batán|Carrandi"],
  "706": ["Guácimo", "Guácimo|Mercedes|Pocora|Río Jiménez|Duacarí"],
};

const digits = (code: string | undefined) => (code ?? "").trim();
const twoDigits = (code: string | undefined) => {
  const text = digits(code);
  return /^\d$/.test(text) ? `0${text}` : text;
};

/** "San José", or null for a code that is not a province. */
export function provinceName(provincia: string | undefined): string | null {
  return PROVINCES[digits(provincia)] ?? null;
}

/** "Escazú" for ("1", "02"), or null. */
export function cantonName(provincia: string | undefined, canton: string | undefined): string | null {
  return CANTONS[`${digits(provincia)}${twoDigits(canton)}`]?.[0] ?? null;
}

/** "San Rafael" for ("1", "02", "03"), or null (unknown code or a number no longer in use). */
export function districtName(
  provincia: string | undefined,
  canton: string | undefined,
  distrito: string | undefined,
): string | null {
  const entry = CANTONS[`${digits(provincia)}${twoDigits(canton)}`];
  const number = Number(twoDigits(distrito));
  if (!entry || !/^\d{2}$/.test(twoDigits(distrito)) || number < 1) return null;
  return entry[1].split("|")[number - 1] || null;
}

export interface Ubicacion {
  provincia: string;
  canton: string;
  distrito: string;
  barrio?: string;
  otrasSenas?: string;
}

/**
 * An address as people write it, smallest place first: "Sabana Norte, Mata Redonda, San José,
 * San José. Costado oeste del Estadio Nacional". A code the table does not know is shown as the code
 * it is ("distrito 99"), never dropped.
 */
export function formatUbicacion(ubicacion: Ubicacion): string {
  const { provincia, canton, distrito, barrio, otrasSenas } = ubicacion;
  const places = [
    // 4.3 writes the barrio as a 2-digit code (no public table here); 4.4 as its name.
    barrio?.trim() ? (/^\d{1,2}$/.test(barrio.trim()) ? `barrio ${barrio.trim()}` : barrio.trim()) : null,
    districtName(provincia, canton, distrito) ?? `distrito ${digits(distrito)}`,
    cantonName(provincia, canton) ?? `cantón ${digits(canton)}`,
    provinceName(provincia) ?? `provincia ${digits(provincia)}`,
  ].filter((place): place is string => Boolean(place));
  const senas = otrasSenas?.trim();
  return `${places.join(", ")}${senas ? `. ${senas}` : ""}`;
}
