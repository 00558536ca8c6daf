/**
 * The small expression language of report forms: numbers, references to fields (`totalWorkers`, a table column
 * `injuries.victims` inside `sum(...)`, a fixed row's cell `labour.end.total`), + - * /, parentheses and the
 * functions sum, min, max, abs and round. It is parsed into a tree by hand and evaluated by walking it — no
 * `eval`, no property access on objects, no other names — so a definition (data a department may edit) can never
 * run code. Limits on length and depth keep a hostile definition from exhausting the stack.
 */

export type Expr =
  | { t: 'num'; v: number }
  | { t: 'ref'; path: string[] }
  | { t: 'neg'; e: Expr }
  | { t: 'bin'; op: '+' | '-' | '*' | '/'; l: Expr; r: Expr }
  | { t: 'call'; fn: FunctionName; args: Expr[] };

export const FUNCTIONS = ['sum', 'min', 'max', 'abs', 'round'] as const;
export type FunctionName = (typeof FUNCTIONS)[number];

export const MAX_EXPRESSION_LENGTH = 2000;
const MAX_DEPTH = 40;

export class ExpressionError extends Error {
  override name = 'ExpressionError';
}

type Token = { k: 'num'; v: number } | { k: 'name'; v: string } | { k: 'op'; v: string };

function tokenize(src: string): Token[] {
  if (src.length > MAX_EXPRESSION_LENGTH) throw new ExpressionError(`expression longer than ${MAX_EXPRESSION_LENGTH}`);
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === ' ' || c === '\t' || c === '\n') {
      i += 1;
    } else if (/[0-9]/.test(c)) {
      const m = /^[0-9]+(\.[0-9]+)?/.exec(src.slice(i))!;
      tokens.push({ k: 'num', v: Number(m[0]) });
      i += m[0].length;
    } else if (/[A-Za-z_]/.test(c)) {
      // A name and its dotted parts (row keys may be digits: `injuries.1.victims`).
      const m = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*/.exec(src.slice(i))!;
      tokens.push({ k: 'name', v: m[0] });
      i += m[0].length;
    } else if ('+-*/(),'.includes(c)) {
      tokens.push({ k: 'op', v: c });
      i += 1;
    } else {
      throw new ExpressionError(`unexpected character "${c}" at ${i}`);
    }
  }
  return tokens;
}

/** Parses an expression (syntax only; `checkRefs` resolves its names against a form). */
export function parseExpression(src: string): Expr {
  const tokens = tokenize(src);
  let pos = 0;
  const peek = () => tokens[pos];
  const isOp = (v: string) => peek()?.k === 'op' && peek()?.v === v;
  const expect = (v: string) => {
    if (!isOp(v)) throw new ExpressionError(`expected "${v}"`);
    pos += 1;
  };

  function expr(depth: number): Expr {
    if (depth > MAX_DEPTH) throw new ExpressionError('expression nested too deeply');
    let left = term(depth);
    while (isOp('+') || isOp('-')) {
      const op = (tokens[pos++] as { v: '+' | '-' }).v;
      left = { t: 'bin', op, l: left, r: term(depth) };
    }
    return left;
  }
  function term(depth: number): Expr {
    let left = unary(depth);
    while (isOp('*') || isOp('/')) {
      const op = (tokens[pos++] as { v: '*' | '/' }).v;
      left = { t: 'bin', op, l: left, r: unary(depth) };
    }
    return left;
  }
  function unary(depth: number): Expr {
    if (depth > MAX_DEPTH) throw new ExpressionError('expression nested too deeply');
    if (isOp('-')) {
      pos += 1;
      return { t: 'neg', e: unary(depth + 1) };
    }
    return primary(depth);
  }
  function primary(depth: number): Expr {
    const tok = peek();
    if (!tok) throw new ExpressionError('unexpected end of expression');
    pos += 1;
    if (tok.k === 'num') return { t: 'num', v: tok.v };
    if (tok.k === 'op') {
      if (tok.v !== '(') throw new ExpressionError(`unexpected "${tok.v}"`);
      const inner = expr(depth + 1);
      expect(')');
      return inner;
    }
    if (isOp('(')) {
      if (!(FUNCTIONS as readonly string[]).includes(tok.v)) throw new ExpressionError(`unknown function "${tok.v}"`);
      pos += 1;
      const args: Expr[] = [];
      if (!isOp(')')) {
        args.push(expr(depth + 1));
        while (isOp(',')) {
          pos += 1;
          args.push(expr(depth + 1));
        }
      }
      expect(')');
      const fn = tok.v as FunctionName;
      if (!args.length || (fn === 'abs' && args.length !== 1) || (fn === 'round' && args.length > 2))
        throw new ExpressionError(`wrong number of arguments to ${fn}`);
      return { t: 'call', fn, args };
    }
    return { t: 'ref', path: tok.v.split('.') };
  }

  const tree = expr(0);
  if (pos < tokens.length) throw new ExpressionError('unexpected text after the expression');
  return tree;
}

/** Every reference of an expression, as dotted paths, with whether it stands alone as sum()'s argument. */
export function expressionRefs(e: Expr, out: { path: string; inSum: boolean }[] = [], inSum = false) {
  switch (e.t) {
    case 'ref':
      out.push({ path: e.path.join('.'), inSum });
      break;
    case 'neg':
      expressionRefs(e.e, out, false);
      break;
    case 'bin':
      expressionRefs(e.l, out, false);
      expressionRefs(e.r, out, false);
      break;
    case 'call':
      for (const a of e.args) expressionRefs(a, out, e.fn === 'sum' && e.args.length === 1 && a.t === 'ref');
      break;
    case 'num':
      break;
  }
  return out;
}

/** What a reference stands for: one number (blank = null), or a table column's numbers (only inside sum). */
export type Resolved = number | null | readonly (number | null)[];

/**
 * The value of an expression. Blank values count as 0 (a form's sums treat an empty cell as nothing); the result
 * is null when it is not a finite number (a division by zero).
 */
export function evaluate(e: Expr, resolve: (path: string) => Resolved): number | null {
  const value = walk(e, resolve);
  return Number.isFinite(value) ? roundTo(value, 9) : null;
}

function scalar(r: Resolved): number {
  if (Array.isArray(r)) return r.reduce<number>((s, v) => s + (v ?? 0), 0);
  return (r as number | null) ?? 0;
}

function walk(e: Expr, resolve: (path: string) => Resolved): number {
  switch (e.t) {
    case 'num':
      return e.v;
    case 'ref':
      return scalar(resolve(e.path.join('.')));
    case 'neg':
      return -walk(e.e, resolve);
    case 'bin': {
      const l = walk(e.l, resolve);
      const r = walk(e.r, resolve);
      if (e.op === '+') return l + r;
      if (e.op === '-') return l - r;
      if (e.op === '*') return l * r;
      return r === 0 ? Number.NaN : l / r;
    }
    case 'call': {
      const args = e.args.map((a) => walk(a, resolve));
      switch (e.fn) {
        case 'sum':
          return args.reduce((s, v) => s + v, 0);
        case 'min':
          return Math.min(...args);
        case 'max':
          return Math.max(...args);
        case 'abs':
          return Math.abs(args[0]!);
        case 'round':
          return roundTo(args[0]!, Math.max(0, Math.min(9, Math.trunc(args[1] ?? 0))));
      }
    }
  }
}

/** Rounds half away from zero to `digits` decimals (and drops binary noise such as 0.1 + 0.2). */
export function roundTo(value: number, digits: number): number {
  const f = 10 ** digits;
  return (Math.sign(value) * Math.round(Math.abs(value) * f + Number.EPSILON)) / f;
}
