import {
  BSON,
  type ClientSession,
  type Collection,
  type CommandFailedEvent,
  type CommandStartedEvent,
  type CommandSucceededEvent,
  type Db,
  type Document,
  MongoBulkWriteError,
  MongoClient,
  MongoServerError,
  MongoWriteConcernError,
  ReadPreference,
} from "mongodb";

/**
 * A small runner for MongoDB's unified test format (specifications/source/unified-test-format): the
 * entities, operations, matching rules and outcome checks that the CRUD and transactions suites use.
 */

export const SERVER_VERSION = "7.0.0";
export const TOPOLOGY = "replicaset";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface SpecFile {
  description: string;
  schemaVersion: string;
  runOnRequirements?: Json[];
  createEntities?: Json[];
  initialData?: Json[];
  tests: SpecTest[];
}

export interface SpecTest {
  description: string;
  runOnRequirements?: Json[];
  skipReason?: string;
  operations: Json[];
  expectEvents?: Json[];
  outcome?: Json[];
}

export function parseSpecFile(text: string): SpecFile {
  return BSON.EJSON.parse(text, { relaxed: true }) as SpecFile;
}

function versionParts(version: string): number[] {
  const parts = version.split(".").map(Number);
  while (parts.length < 3) parts.push(0);
  return parts;
}

function compareVersions(a: string, b: string): number {
  const [x, y] = [versionParts(a), versionParts(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
}

/** Why none of the requirements holds for a one-node 7.0 replica set, or null when one does. */
export function unmetRequirements(requirements: Json[] | undefined): string | null {
  if (!requirements || requirements.length === 0) return null;
  const reasons: string[] = [];
  for (const requirement of requirements) {
    const reason = unmetRequirement(requirement);
    if (reason === null) return null;
    reasons.push(reason);
  }
  return reasons.join("; ");
}

function unmetRequirement(requirement: Json): string | null {
  if (requirement.minServerVersion && compareVersions(SERVER_VERSION, requirement.minServerVersion) < 0)
    return `version: needs MongoDB ≥ ${requirement.minServerVersion}`;
  if (requirement.maxServerVersion && compareVersions(SERVER_VERSION, requirement.maxServerVersion) > 0)
    return `version: needs MongoDB ≤ ${requirement.maxServerVersion}`;
  if (requirement.topologies && !requirement.topologies.includes(TOPOLOGY))
    return `topology: needs ${requirement.topologies.join("/")}`;
  if (requirement.serverless === "require") return "serverless: needs a serverless deployment";
  if (requirement.auth === true) return "auth: needs authentication";
  if (requirement.serverParameters) return "server parameters: not modelled";
  if (requirement.csfle) return "csfle: no client-side encryption";
  return null;
}

// ---------------------------------------------------------------- matching

function isNumberLike(value: unknown): boolean {
  return (
    typeof value === "number" ||
    typeof value === "bigint" ||
    value instanceof BSON.Long ||
    value instanceof BSON.Int32 ||
    value instanceof BSON.Double
  );
}

function toNumber(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  if (value instanceof BSON.Long) return value.toNumber();
  if (value instanceof BSON.Int32 || value instanceof BSON.Double) return value.valueOf();
  return Number.NaN;
}

function isDocument(value: unknown): value is Document {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Date) &&
    !("_bsontype" in (value as object))
  );
}

function typeNames(value: unknown): string[] {
  if (value === null) return ["null"];
  if (typeof value === "string") return ["string"];
  if (typeof value === "boolean") return ["bool"];
  if (typeof value === "number") return Number.isInteger(value) ? ["int", "long", "double", "number"] : ["double"];
  if (typeof value === "bigint" || value instanceof BSON.Long) return ["long"];
  if (value instanceof BSON.Int32) return ["int"];
  if (value instanceof BSON.Double) return ["double"];
  if (value instanceof Date) return ["date"];
  if (Array.isArray(value)) return ["array"];
  if (value instanceof BSON.ObjectId) return ["objectId"];
  if (value instanceof BSON.Binary) return ["binData"];
  if (value instanceof BSON.Timestamp) return ["timestamp"];
  if (value instanceof BSON.Decimal128) return ["decimal"];
  if (value instanceof BSON.BSONRegExp || value instanceof RegExp) return ["regex"];
  if (isDocument(value)) return ["object"];
  return [];
}

function describe(value: unknown): string {
  try {
    return BSON.EJSON.stringify(value as Document, { relaxed: true });
  } catch {
    return String(value);
  }
}

export class Mismatch extends Error {}

function fail(path: string, message: string): never {
  throw new Mismatch(`${path || "(root)"}: ${message}`);
}

/** The unified format's "Evaluating Matches": root documents may hold extra fields, nested ones not. */
export function match(expected: unknown, actual: unknown, entities: Entities, path = "", root = true): void {
  if (isDocument(expected)) {
    const keys = Object.keys(expected);
    if (keys.length === 1 && keys[0].startsWith("$$"))
      return special(keys[0], expected[keys[0]], actual, entities, path);
    if (!isDocument(actual)) fail(path, `expected a document, got ${describe(actual)}`);
    for (const key of keys) {
      const value = expected[key];
      const sub = path ? `${path}.${key}` : key;
      if (isDocument(value) && Object.keys(value).length === 1) {
        const [operator] = Object.keys(value);
        if (operator === "$$exists") {
          if ((actual[key] !== undefined) !== value.$$exists) fail(sub, `expected exists=${value.$$exists}`);
          continue;
        }
        if (operator === "$$unsetOrMatches" && actual[key] === undefined) continue;
      }
      if (!(key in actual) || actual[key] === undefined) fail(sub, `missing (expected ${describe(value)})`);
      match(value, actual[key], entities, sub, false);
    }
    if (!root) {
      for (const key of Object.keys(actual)) {
        if (!(key in expected) && actual[key] !== undefined) fail(path, `unexpected field ${key}`);
      }
    }
    return;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) fail(path, `expected an array, got ${describe(actual)}`);
    if (actual.length !== expected.length)
      fail(path, `expected ${expected.length} elements, got ${actual.length}: ${describe(actual)}`);
    // Elements of a root-level array (a cursor's documents) are root-level documents themselves.
    expected.forEach((item, i) => match(item, actual[i], entities, `${path}.${i}`, root));
    return;
  }
  if (isNumberLike(expected)) {
    if (!isNumberLike(actual) || toNumber(actual) !== toNumber(expected))
      fail(path, `expected ${describe(expected)}, got ${describe(actual)}`);
    return;
  }
  if (expected === null) {
    if (actual !== null && actual !== undefined) fail(path, `expected null, got ${describe(actual)}`);
    return;
  }
  if (typeof expected === "object") {
    if (describe(expected) !== describe(actual)) fail(path, `expected ${describe(expected)}, got ${describe(actual)}`);
    return;
  }
  if (expected !== actual) fail(path, `expected ${describe(expected)}, got ${describe(actual)}`);
}

function special(operator: string, operand: Json, actual: unknown, entities: Entities, path: string): void {
  switch (operator) {
    case "$$exists":
      if ((actual !== undefined) !== operand) fail(path, `expected exists=${operand}`);
      return;
    case "$$type": {
      const wanted: string[] = Array.isArray(operand) ? operand : [operand];
      if (!typeNames(actual).some((name) => wanted.includes(name)))
        fail(path, `expected type ${wanted.join("|")}, got ${describe(actual)}`);
      return;
    }
    case "$$unsetOrMatches":
      if (actual === undefined) return;
      return match(operand, actual, entities, path, true);
    case "$$matchesEntity":
      return match(entities.get(operand), actual, entities, path, true);
    case "$$matchesHexBytes": {
      const bytes = actual instanceof BSON.Binary ? Buffer.from(actual.buffer).toString("hex") : "";
      if (bytes !== String(operand).toLowerCase()) fail(path, "bytes differ");
      return;
    }
    case "$$sessionLsid": {
      const lsid = entities.lsids.get(operand);
      if (!lsid || describe(lsid) !== describe(actual)) fail(path, `not the lsid of ${operand}`);
      return;
    }
    case "$$lte":
      if (!isNumberLike(actual) || toNumber(actual) > toNumber(operand)) fail(path, `expected ≤ ${operand}`);
      return;
    case "$$matchAsDocument":
      return match(operand, BSON.EJSON.parse(String(actual)), entities, path, false);
    case "$$matchAsRoot":
      return match(operand, actual, entities, path, true);
    default:
      throw new Mismatch(`unsupported operator ${operator}`);
  }
}

// ---------------------------------------------------------------- entities

interface ClientEntity {
  client: MongoClient;
  events: Array<{ type: string; event: CommandStartedEvent | CommandSucceededEvent | CommandFailedEvent }>;
}

function copyDocument(document: Document | undefined): Document {
  return document ? BSON.deserialize(BSON.serialize(document), { promoteLongs: false }) : {};
}

export class Entities extends Map<string, Json> {
  readonly lsids = new Map<string, Document>();
  readonly clients = new Map<string, ClientEntity>();
  readonly sessions = new Map<string, ClientSession>();
}

const SENSITIVE = new Set(["hello", "ismaster", "isMaster", "saslStart", "saslContinue", "authenticate", "getnonce"]);

function clientOptions(uriOptions: Json = {}): Json {
  const options: Json = { monitorCommands: true, serverSelectionTimeoutMS: 5000 };
  for (const [key, value] of Object.entries(uriOptions)) {
    if (key === "appname") options.appName = value;
    else if (key === "readConcernLevel") options.readConcern = { level: value };
    else if (key === "w") options.writeConcern = { ...(options.writeConcern ?? {}), w: value };
    else if (key === "wtimeoutMS") options.writeConcern = { ...(options.writeConcern ?? {}), wtimeoutMS: value };
    else if (key === "journal") options.writeConcern = { ...(options.writeConcern ?? {}), journal: value };
    else options[key] = value;
  }
  return options;
}

function collectionOptions(raw: Json = {}): Json {
  const options: Json = {};
  if (raw.readConcern) options.readConcern = raw.readConcern;
  if (raw.writeConcern) options.writeConcern = raw.writeConcern;
  if (raw.readPreference) options.readPreference = readPreference(raw.readPreference);
  return options;
}

function readPreference(raw: Json): ReadPreference {
  return new ReadPreference(raw.mode, raw.tagSets, { maxStalenessSeconds: raw.maxStalenessSeconds, hedge: raw.hedge });
}

export async function createEntities(uri: string, specs: Json[], entities: Entities): Promise<void> {
  for (const spec of specs) {
    const [kind] = Object.keys(spec);
    const value = spec[kind];
    if (kind === "client") {
      const client = new MongoClient(uri, clientOptions(value.uriOptions));
      const entity: ClientEntity = { client, events: [] };
      const observe = new Set<string>(value.observeEvents ?? []);
      const ignore = new Set<string>(value.ignoreCommandMonitoringEvents ?? []);
      ignore.add("configureFailPoint");
      const keep = (name: string) => !ignore.has(name) && (value.observeSensitiveCommands || !SENSITIVE.has(name));
      for (const type of ["commandStartedEvent", "commandSucceededEvent", "commandFailedEvent"]) {
        if (!observe.has(type)) continue;
        const driverEvent = type.replace("Event", "").replace(/^command/, "command");
        client.on(driverEvent as "commandStarted", (event: CommandStartedEvent) => {
          // The driver may later mutate objects the command shares with its options: copy it now.
          if (keep(event.commandName))
            entity.events.push({
              type,
              event: { ...event, command: copyDocument(event.command) } as CommandStartedEvent,
            });
        });
      }
      await client.connect();
      entities.clients.set(value.id, entity);
      entities.set(value.id, client);
    } else if (kind === "database") {
      const client = entities.clients.get(value.client)!.client;
      entities.set(value.id, client.db(value.databaseName, collectionOptions(value.databaseOptions)));
    } else if (kind === "collection") {
      const db = entities.get(value.database) as Db;
      entities.set(value.id, db.collection(value.collectionName, collectionOptions(value.collectionOptions)));
    } else if (kind === "session") {
      const client = entities.clients.get(value.client)!.client;
      const options = { ...(value.sessionOptions ?? {}) };
      if (options.defaultTransactionOptions)
        options.defaultTransactionOptions = transactionOptions(options.defaultTransactionOptions);
      const session = client.startSession(options);
      entities.set(value.id, session);
      entities.sessions.set(value.id, session);
      entities.lsids.set(value.id, session.id!);
    } else {
      throw new Error(`unsupported entity ${kind}`);
    }
  }
}

function transactionOptions(raw: Json = {}): Json {
  const options: Json = { ...raw };
  if (raw.readPreference) options.readPreference = readPreference(raw.readPreference);
  if (raw.maxCommitTimeMS !== undefined) options.maxCommitTimeMS = raw.maxCommitTimeMS;
  return options;
}

export async function closeEntities(entities: Entities): Promise<void> {
  for (const session of entities.sessions.values()) await session.endSession().catch(() => undefined);
  for (const { client } of entities.clients.values()) await client.close().catch(() => undefined);
}

// ---------------------------------------------------------------- operations

export interface RunContext {
  entities: Entities;
  uri: string;
  /** The runner's own client: initial data, outcome, fail points. */
  internal: MongoClient;
  failPointsSet: MongoClient[];
}

function withSession(args: Json, entities: Entities): Json {
  const options: Json = { ...args };
  if (typeof options.session === "string") options.session = entities.get(options.session);
  // The format spells it "Before"/"After"; the Node driver takes lowercase.
  if (typeof options.returnDocument === "string") options.returnDocument = options.returnDocument.toLowerCase();
  return options;
}

function pick(args: Json, ...names: string[]): Json[] {
  return names.map((name) => args[name]);
}

function without(args: Json, ...names: string[]): Json {
  const rest: Json = { ...args };
  for (const name of names) delete rest[name];
  return rest;
}

function bulkRequests(requests: Json[]): Json[] {
  return requests.map((request) => {
    const [name] = Object.keys(request);
    return { [name]: request[name] };
  });
}

async function collectionOperation(
  collection: Collection,
  name: string,
  rawArgs: Json,
  entities: Entities,
): Promise<unknown> {
  const args = withSession(rawArgs ?? {}, entities);
  switch (name) {
    case "find":
      return collection.find(args.filter ?? {}, without(args, "filter")).toArray();
    case "findOne":
      return collection.findOne(args.filter ?? {}, without(args, "filter"));
    case "aggregate":
      return collection.aggregate(args.pipeline, without(args, "pipeline")).toArray();
    case "countDocuments":
      return collection.countDocuments(args.filter ?? {}, without(args, "filter"));
    case "estimatedDocumentCount":
      return collection.estimatedDocumentCount(args);
    case "count":
      return collection.count(args.filter ?? {}, without(args, "filter"));
    case "distinct":
      return collection.distinct(args.fieldName, args.filter ?? {}, without(args, "fieldName", "filter"));
    case "insertOne":
      return collection.insertOne(args.document, without(args, "document"));
    case "insertMany":
      return collection.insertMany(args.documents, without(args, "documents"));
    case "deleteOne":
      return collection.deleteOne(args.filter, without(args, "filter"));
    case "deleteMany":
      return collection.deleteMany(args.filter, without(args, "filter"));
    case "replaceOne":
      return collection.replaceOne(args.filter, args.replacement, without(args, "filter", "replacement"));
    case "updateOne":
      return collection.updateOne(args.filter, args.update, without(args, "filter", "update"));
    case "updateMany":
      return collection.updateMany(args.filter, args.update, without(args, "filter", "update"));
    case "findOneAndDelete":
      return collection.findOneAndDelete(args.filter, without(args, "filter"));
    case "findOneAndReplace":
      return collection.findOneAndReplace(args.filter, args.replacement, without(args, "filter", "replacement"));
    case "findOneAndUpdate":
      return collection.findOneAndUpdate(args.filter, args.update, without(args, "filter", "update"));
    case "bulkWrite":
      return collection.bulkWrite(bulkRequests(args.requests), without(args, "requests"));
    case "createIndex":
      return collection.createIndex(args.keys, without(args, "keys"));
    case "dropIndex":
      return collection.dropIndex(args.name, without(args, "name"));
    case "listIndexes":
      return collection.listIndexes(args).toArray();
    default:
      throw new UnsupportedOperation(`collection.${name}`);
  }
}

async function databaseOperation(db: Db, name: string, rawArgs: Json, entities: Entities): Promise<unknown> {
  const args = withSession(rawArgs ?? {}, entities);
  switch (name) {
    case "runCommand":
      return db.command(args.command, without(args, "command", "commandName"));
    case "aggregate":
      return db.aggregate(args.pipeline, without(args, "pipeline")).toArray();
    case "createCollection":
      return db.createCollection(args.collection, without(args, "collection"));
    case "dropCollection":
      return db.dropCollection(args.collection, without(args, "collection"));
    case "listCollections":
      return db.listCollections(args.filter ?? {}, without(args, "filter")).toArray();
    case "modifyCollection":
      return db.command(
        { collMod: args.collection, ...without(args, "collection", "session") },
        pick(args, "session")[0] ? { session: args.session } : {},
      );
    default:
      throw new UnsupportedOperation(`database.${name}`);
  }
}

export class UnsupportedOperation extends Error {}

async function clientOperation(client: MongoClient, name: string, rawArgs: Json, entities: Entities): Promise<unknown> {
  const args = withSession(rawArgs ?? {}, entities);
  switch (name) {
    case "clientBulkWrite": {
      const models = (args.models as Json[]).map((model) => {
        const [kind] = Object.keys(model);
        return { name: kind, ...model[kind] };
      });
      return client.bulkWrite(models, without(args, "models"));
    }
    case "listDatabases":
      return client.db("admin").admin().listDatabases(args);
    default:
      throw new UnsupportedOperation(`client.${name}`);
  }
}

async function sessionOperation(
  session: ClientSession,
  name: string,
  args: Json,
  context: RunContext,
): Promise<unknown> {
  switch (name) {
    case "startTransaction":
      return session.startTransaction(transactionOptions(args ?? {}));
    case "commitTransaction":
      return session.commitTransaction();
    case "abortTransaction":
      return session.abortTransaction();
    case "endSession":
      return session.endSession();
    case "withTransaction":
      return session.withTransaction(
        async () => {
          // Inside the callback an expected error still propagates, so withTransaction can react to it.
          for (const operation of args.callback) await runOperation(operation, context, true);
        },
        transactionOptions(without(args, "callback")),
      );
    default:
      throw new UnsupportedOperation(`session.${name}`);
  }
}

async function testRunnerOperation(name: string, args: Json, context: RunContext): Promise<void> {
  const { entities, internal } = context;
  switch (name) {
    case "failPoint":
    case "targetedFailPoint": {
      const client = name === "failPoint" ? (entities.get(args.client) as MongoClient) : internal;
      await client.db("admin").command(args.failPoint);
      context.failPointsSet.push(client);
      return;
    }
    case "assertSessionTransactionState": {
      const session = entities.get(args.session) as ClientSession;
      const state = (session as unknown as { transaction: { state: string } }).transaction.state;
      const wanted: Record<string, string> = {
        none: "NO_TRANSACTION",
        starting: "STARTING_TRANSACTION",
        in_progress: "TRANSACTION_IN_PROGRESS",
        committed: "TRANSACTION_COMMITTED",
        aborted: "TRANSACTION_ABORTED",
      };
      if (state !== wanted[args.state]) throw new Mismatch(`session state ${state}, expected ${args.state}`);
      return;
    }
    case "assertSessionPinned":
    case "assertSessionUnpinned": {
      const session = entities.get(args.session) as ClientSession & { isPinned?: boolean };
      if (Boolean(session.isPinned) !== (name === "assertSessionPinned")) throw new Mismatch(`${name} failed`);
      return;
    }
    case "assertCollectionExists":
    case "assertCollectionNotExists": {
      const names = (await internal.db(args.databaseName).listCollections({}, { nameOnly: true }).toArray()).map(
        (info) => info.name,
      );
      if (names.includes(args.collectionName) !== (name === "assertCollectionExists"))
        throw new Mismatch(`${name} ${args.collectionName} failed`);
      return;
    }
    case "assertIndexExists":
    case "assertIndexNotExists": {
      const indexes = await internal
        .db(args.databaseName)
        .collection(args.collectionName)
        .listIndexes()
        .toArray()
        .catch(() => []);
      if (indexes.some((index) => index.name === args.indexName) !== (name === "assertIndexExists"))
        throw new Mismatch(`${name} ${args.indexName} failed`);
      return;
    }
    case "createEntities":
      return createEntities(context.uri, args.entities, entities);
    default:
      throw new UnsupportedOperation(`testRunner.${name}`);
  }
}

async function execute(operation: Json, context: RunContext): Promise<unknown> {
  const { entities } = context;
  if (operation.object === "testRunner") return testRunnerOperation(operation.name, operation.arguments, context);
  const target = entities.get(operation.object);
  if (target === undefined) throw new Error(`no entity ${operation.object}`);
  if (entities.sessions.has(operation.object))
    return sessionOperation(target, operation.name, operation.arguments, context);
  if (target instanceof MongoClient) return clientOperation(target, operation.name, operation.arguments, entities);
  if ("collectionName" in target && "insertOne" in target)
    return collectionOperation(target as Collection, operation.name, operation.arguments, entities);
  return databaseOperation(target as Db, operation.name, operation.arguments, entities);
}

function labelsOf(error: Json): string[] {
  return Array.isArray(error?.errorLabels) ? error.errorLabels : [...(error?.errorLabelSet ?? [])];
}

function checkError(expected: Json, error: Json, entities: Entities): void {
  if (error instanceof UnsupportedOperation) throw error;
  const isServer =
    error instanceof MongoServerError ||
    error instanceof MongoBulkWriteError ||
    error instanceof MongoWriteConcernError;
  if (expected.isClientError === true && isServer) throw new Mismatch(`expected a client error, got ${error.message}`);
  if (expected.isClientError === false && !isServer)
    throw new Mismatch(`expected a server error, got ${error.message}`);
  if (expected.errorContains && !String(error.message).toLowerCase().includes(expected.errorContains.toLowerCase()))
    throw new Mismatch(`error "${error.message}" does not contain "${expected.errorContains}"`);
  const code = error.code ?? error.errorResponse?.code;
  if (expected.errorCode !== undefined && code !== expected.errorCode)
    throw new Mismatch(`error code ${code} (${error.message}), expected ${expected.errorCode}`);
  const codeName = error.codeName ?? error.errorResponse?.codeName;
  if (expected.errorCodeName !== undefined && codeName !== expected.errorCodeName)
    throw new Mismatch(`error codeName ${codeName} (${error.message}), expected ${expected.errorCodeName}`);
  const labels = labelsOf(error);
  for (const label of expected.errorLabelsContain ?? [])
    if (!labels.includes(label)) throw new Mismatch(`error labels ${labels.join(",")} lack ${label}`);
  for (const label of expected.errorLabelsOmit ?? [])
    if (labels.includes(label)) throw new Mismatch(`error labels ${labels.join(",")} include ${label}`);
  if (expected.errorResponse) match(expected.errorResponse, error.errorResponse ?? error, entities);
  if (expected.expectResult && error instanceof MongoBulkWriteError)
    match(expected.expectResult, error.result, entities);
}

export async function runOperation(operation: Json, context: RunContext, propagate = false): Promise<void> {
  let result: unknown;
  let error: unknown = null;
  try {
    result = await execute(operation, context);
  } catch (caught) {
    error = caught;
  }
  if (error instanceof UnsupportedOperation || error instanceof Mismatch) throw error;
  if (operation.ignoreResultAndError) {
    if (propagate && error !== null) throw error;
    return;
  }
  if (operation.expectError) {
    if (error === null) throw new Mismatch(`${operation.name}: expected an error, got ${describe(result)}`);
    checkError(operation.expectError, error, context.entities);
    if (propagate) throw error;
    return;
  }
  if (error !== null) throw error;
  if (operation.expectResult !== undefined) {
    const plain = result && typeof result === "object" && !Array.isArray(result) ? resultDocument(result) : result;
    match(operation.expectResult, plain, context.entities, operation.name);
  }
  if (operation.saveResultAsEntity) context.entities.set(operation.saveResultAsEntity, result);
}

/** Driver result classes expose getters; the format compares their fields. */
function resultDocument(result: object): unknown {
  if (Object.getPrototypeOf(result) === Object.prototype || result instanceof Date || "_bsontype" in result)
    return result;
  const out: Document = {};
  for (const key of [
    "acknowledged",
    "insertedId",
    "insertedIds",
    "insertedCount",
    "matchedCount",
    "modifiedCount",
    "deletedCount",
    "upsertedCount",
    "upsertedId",
    "upsertedIds",
  ]) {
    const value = (result as Record<string, unknown>)[key];
    if (value !== undefined) out[key] = value;
  }
  return Object.keys(out).length > 0 ? out : result;
}

/**
 * The Node driver adds `wtimeout: 10000` to every commitTransaction/abortTransaction write concern
 * (its own test runner tolerates it): compare without it unless the test expects one.
 */
function withoutDriverWtimeout(expected: Json, command: Document): Document {
  const concern = command.writeConcern;
  if (
    !isDocument(concern) ||
    !("wtimeout" in concern) ||
    (isDocument(expected.writeConcern) && "wtimeout" in expected.writeConcern)
  )
    return command;
  if (!("commitTransaction" in command) && !("abortTransaction" in command)) return command;
  const { wtimeout: _ignored, ...rest } = concern;
  return { ...command, writeConcern: rest };
}

export function checkEvents(expectations: Json[], entities: Entities): void {
  for (const expectation of expectations) {
    if ((expectation.eventType ?? "command") !== "command")
      throw new UnsupportedOperation(`${expectation.eventType} events`);
    const entity = entities.clients.get(expectation.client)!;
    const actual = entity.events;
    const expected: Json[] = expectation.events;
    if (expectation.ignoreExtraEvents ? actual.length < expected.length : actual.length !== expected.length)
      throw new Mismatch(
        `client ${expectation.client}: ${actual.length} events (${actual.map((e) => `${e.type}:${e.event.commandName}`).join(", ")}), expected ${expected.length}`,
      );
    expected.forEach((wanted, i) => {
      const [type] = Object.keys(wanted);
      const got = actual[i];
      if (got.type !== type) throw new Mismatch(`event ${i}: ${got.type} ${got.event.commandName}, expected ${type}`);
      const body = wanted[type];
      if (body.commandName !== undefined && body.commandName !== got.event.commandName)
        throw new Mismatch(`event ${i}: command ${got.event.commandName}, expected ${body.commandName}`);
      if (type === "commandStartedEvent") {
        const event = got.event as CommandStartedEvent;
        if (body.databaseName !== undefined && body.databaseName !== event.databaseName)
          throw new Mismatch(`event ${i}: database ${event.databaseName}, expected ${body.databaseName}`);
        if (body.command)
          match(
            body.command,
            withoutDriverWtimeout(body.command, event.command),
            entities,
            `event ${i} ${event.commandName}`,
          );
      } else if (type === "commandSucceededEvent" && body.reply) {
        match(body.reply, (got.event as CommandSucceededEvent).reply, entities, `event ${i} reply`);
      }
    });
  }
}
