import type { FastifyInstance, FastifyRequest } from 'fastify';
import { takeTurns } from '../turns/index.ts';

/**
 * Large JSON lists (an import of 50 000 rows, 12 MB) parsed in turns: one JSON.parse of the whole text holds the
 * API's thread for tens of milliseconds, and every other request waits. A body that is a list — or `{ "rows":
 * [...] }` — is cut into its items by a scan that hands the thread back every few milliseconds, and each item is
 * parsed alone. Anything else, smaller bodies, and any text naming `__proto__` or `constructor` go to Fastify's
 * own parser, which keeps its checks and its error answers.
 */

/** Bodies below this go to the usual parser at once. */
const LARGE_BODY = 1024 * 1024;

const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_LIST = 0x5b;
const CLOSE_LIST = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;

/** The items of the list starting at `open` (a "["), and where it ends; null when the text is not plainly that. */
async function listItems(text: string, open: number): Promise<{ items: unknown[]; end: number } | null> {
  const turns = takeTurns();
  const items: unknown[] = [];
  let depth = 0;
  let inString = false;
  let start = open + 1;
  for (let i = open + 1; i < text.length; i++) {
    if ((i & 0xffff) === 0 && turns.due()) await turns.next();
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_LIST) depth++;
    else if (c === CLOSE_OBJECT || (c === CLOSE_LIST && depth > 0)) depth--;
    else if (depth === 0 && (c === COMMA || c === CLOSE_LIST)) {
      const item = text.slice(start, i).trim();
      if (item) items.push(JSON.parse(item));
      else if (c === COMMA || items.length) return null; // "[,", "[1,]": the usual parser says what is wrong
      if (c === CLOSE_LIST) return { items, end: i };
      start = i + 1;
      if (turns.due()) await turns.next();
    }
  }
  return null;
}

/** A large list body parsed in turns; undefined when the text is not plainly a list (or `{ "rows": [...] }`). */
export async function parseLarge(text: string): Promise<unknown> {
  const head = /^\s*(\[|\{\s*"rows"\s*:\s*\[)/.exec(text);
  if (!head) return undefined;
  const open = head[0].length - 1;
  const list = await listItems(text, open);
  if (!list) return undefined;
  const rest = text.slice(list.end + 1).trim();
  if (head[1] === '[') return rest === '' ? list.items : undefined;
  return rest === '}' ? { rows: list.items } : undefined;
}

export function registerJsonInTurns(app: FastifyInstance): void {
  const usual = app.getDefaultJsonParser('error', 'error');
  const parseUsual = (request: FastifyRequest, body: string) =>
    new Promise<unknown>((resolve, reject) =>
      usual(request, body, (err, value) => (err ? reject(err) : resolve(value))),
    );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    async (request: FastifyRequest, body: string | Buffer) => {
      const text = body as string;
      if (text.length < LARGE_BODY || text.includes('__proto__') || text.includes('constructor'))
        return parseUsual(request, text);
      try {
        const parsed = await parseLarge(text);
        if (parsed !== undefined) return parsed;
      } catch {
        // Not valid JSON after all: the usual parser answers it as it answers any bad body.
      }
      return parseUsual(request, text);
    },
  );
}
