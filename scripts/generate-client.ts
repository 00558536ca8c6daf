/**
 * The web's API types, generated from the OpenAPI document the API serves (itself made from the routes' zod
 * schemas): `npm run generate:client` writes apps/web/src/platform/api/schema.d.ts; `-- --check` generates
 * into memory and only says whether the file is the same. The unit tests run the quicker fingerprint check
 * (scripts/generate-client.test.ts).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import openapiTS, { astToString, type OpenAPI3, type OpenAPITSOptions } from 'openapi-typescript';
import * as prettier from 'prettier';
import { openApiDocument } from '../apps/api/src/platform/http/openapi-document.ts';

export const SCHEMA_FILE = path.resolve(import.meta.dirname, '../apps/web/src/platform/api/schema.d.ts');
export const STALE_MESSAGE = `${path.relative(process.cwd(), SCHEMA_FILE)} is not current: run npm run generate:client`;

const require = createRequire(import.meta.url);
const versionOf = (name: string) => (require(`${name}/package.json`) as { version: string }).version;

/** Everything besides the document that decides the file's text. */
const OPTIONS: OpenAPITSOptions = {
  // An object schema without properties is any object (Record<string, unknown>), not {}.
  emptyObjectsUnknown: true,
};
const GENERATOR = {
  openapiTypescript: versionOf('openapi-typescript'),
  prettier: prettier.version,
  options: OPTIONS,
  revision: 1,
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The first lines of the file. `document` fingerprints what the file was made from (the document and the
 * generator), `content` the text below the header: the quick check compares both without generating again.
 */
function header(document: string, content: string): string {
  return `/**
 * Generated from the API's OpenAPI document by \`npm run generate:client\`: do not edit.
 * Read through ./client.ts (api.get/post/…, ResponseOf, BodyOf, Schema).
 * @document ${document}
 * @content ${content}
 */
`;
}
const HEADER_RE = /^\/\*\*\n(?: \*.*\n)*? \* @document ([0-9a-f]{64})\n \* @content ([0-9a-f]{64})\n \*\/\n/;

type Json = Record<string, unknown>;

/**
 * Every route answers its errors with the same body; the document spells it out at each of the ~4000 error
 * answers. One shared `components.responses.Error` instead keeps the types the same and the file a third of
 * the size. An error answer that differs stays where it is.
 */
export function shareErrorResponses(doc: Json): Json {
  const paths = doc.paths as Record<string, Record<string, { responses?: Record<string, unknown> }>>;
  let shared: unknown;
  for (const item of Object.values(paths))
    for (const op of Object.values(item))
      for (const [status, answer] of Object.entries(op.responses ?? {}))
        if (status.startsWith('4') && (answer as { description?: string }).description === 'Error') {
          shared ??= answer;
        }
  if (!shared) return doc;
  const ref = { $ref: '#/components/responses/Error' };
  const outPaths: Json = {};
  for (const [p, item] of Object.entries(paths)) {
    const outItem: Json = {};
    for (const [method, op] of Object.entries(item)) {
      if (!op.responses) {
        outItem[method] = op;
        continue;
      }
      const responses: Json = {};
      for (const [status, answer] of Object.entries(op.responses))
        responses[status] = isDeepStrictEqual(answer, shared) ? ref : answer;
      outItem[method] = { ...op, responses };
    }
    outPaths[p] = outItem;
  }
  const components = (doc.components ?? {}) as Json;
  return {
    ...doc,
    paths: outPaths,
    components: { ...components, responses: { ...(components.responses as Json), Error: shared } },
  };
}

/**
 * Components in name order: the document lists them in the order their schemas were first imported, which
 * differs between a plain run and the test runner.
 */
function sortComponents(doc: Json): Json {
  const components = doc.components as Record<string, Json> | undefined;
  if (!components) return doc;
  const sorted: Record<string, Json> = {};
  for (const [kind, entries] of Object.entries(components))
    sorted[kind] = Object.fromEntries(Object.entries(entries).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { ...doc, components: sorted };
}

/** The document as the types are made from it. */
export function prepareDocument(doc: Json): Json {
  return sortComponents(shareErrorResponses(doc));
}

/** What the file is made from: the prepared document, and the generator. */
function fingerprint(shared: Json): string {
  return sha256(JSON.stringify({ generator: GENERATOR, document: shared }));
}

/** The file's text for this document: types from openapi-typescript, formatted as the repository's prettier does. */
export async function renderSchema(doc: Json): Promise<string> {
  const shared = prepareDocument(doc);
  const ast = await openapiTS(shared as unknown as OpenAPI3, OPTIONS);
  const prettierOptions = await prettier.resolveConfig(SCHEMA_FILE);
  const body = await prettier.format(astToString(ast), { ...prettierOptions, filepath: SCHEMA_FILE });
  return header(fingerprint(shared), sha256(body)) + body;
}

/** The generated text from the API as it stands now. */
export async function generateSchema(): Promise<string> {
  return renderSchema(await openApiDocument());
}

function readSchema(): string {
  try {
    return readFileSync(SCHEMA_FILE, 'utf8');
  } catch {
    return '';
  }
}

/**
 * Quick check (no generation): the file's header names the document and generator it was made from, and its
 * text below is what was generated then. Catches a route schema changed without regenerating, a generator
 * changed (version, options), and a hand edit.
 */
export async function schemaMatchesApi(doc?: Json): Promise<boolean> {
  const text = readSchema();
  const match = HEADER_RE.exec(text);
  if (!match) return false;
  if (sha256(text.slice(match[0].length)) !== match[2]) return false;
  return fingerprint(prepareDocument(doc ?? (await openApiDocument()))) === match[1];
}

/** Full check: the file is exactly what generation gives now. */
export async function schemaIsCurrent(): Promise<boolean> {
  return readSchema() === (await generateSchema());
}

async function main(): Promise<void> {
  if (process.argv.includes('--check')) {
    if (!(await schemaIsCurrent())) {
      console.error(STALE_MESSAGE);
      process.exitCode = 1;
    }
    return;
  }
  writeFileSync(SCHEMA_FILE, await generateSchema());
  console.log(`wrote ${path.relative(process.cwd(), SCHEMA_FILE)}`);
}

if (import.meta.main) await main();
