import type { OrganizationSeed } from "../models/organization";
import type { UserSeed } from "../models/user";

export const DEMO_PASSWORD = "Contabilidad-2026";

export const DEMO_ORGANIZATIONS: OrganizationSeed[] = [
  {
    _id: "CR:3101123456",
    name: "Ferretería El Clavo S.A.",
    commercialName: "Ferretería El Clavo",
    identificationType: "02",
    active: true,
    contactEmail: "contabilidad@elclavo.cr",
    taxpayerKind: "persona-juridica",
    activityCodes: ["475201"],
    catalog: {
      "10-01-01-03-04": { label: "Banco Popular – cta. corriente ₡" },
      "40-01-01-00-00": { label: "Ventas de ferretería y materiales" },
      "10-01-04-08-00": { label: "Mercancía recibida en consignación" },
      "40-01-03-00-00": { disabled: true },
    },
  },
  {
    _id: "CR:3102654321",
    name: "Soda La Esquina Ltda.",
    commercialName: "Soda La Esquina",
    identificationType: "02",
    active: true,
    contactEmail: "sodalaesquina@correo.cr",
    taxpayerKind: "persona-juridica",
    activityCodes: ["561003"],
    catalog: {
      "40-01-01-00-00": { label: "Ventas de comidas y bebidas" },
      "50-01-01-01-00": { label: "Costo de alimentos" },
      "50-01-01-02-00": { label: "Costo de bebidas" },
      "10-01-04-03-00": { disabled: true },
      "10-01-04-04-00": { disabled: true },
    },
  },
  {
    _id: "CR:111110111",
    name: "María Rodríguez Mora",
    identificationType: "01",
    active: true,
    contactEmail: "maria.rodriguez@correo.cr",
    taxpayerKind: "persona-fisica",
    vatRegime: "tradicional",
    activityCodes: ["741401"],
    catalog: {
      "40-01-02-00-00": { label: "Honorarios por servicios profesionales" },
      "10-01-01-03-04": { label: "Banco de Costa Rica – cuenta de ahorros ₡" },
      "10-01-04-00-00": { disabled: true },
    },
  },
  {
    _id: "CR:3101999999",
    name: "Comercial Inactiva S.A.",
    identificationType: "02",
    active: false,
    contactEmail: "cierre@inactiva.cr",
    taxpayerKind: "persona-juridica",
  },
];

export const DEMO_USERS: Array<Omit<UserSeed, "passwordHash"> & { description: string }> = [
  { email: "root@demo.cr", isRoot: true, description: "root" },
  { email: "superadmin@demo.cr", isSuperAdmin: true, description: "super admin" },
  {
    email: "admin@demo.cr",
    isAdmin: true,
    orgs: { "CR:3101123456": "admin", "CR:3102654321": "admin" },
    description: "admin de Ferretería El Clavo y Soda La Esquina",
  },
  { email: "cliente@demo.cr", orgs: { "CR:3101123456": "client" }, description: "cliente de Ferretería El Clavo" },
];
