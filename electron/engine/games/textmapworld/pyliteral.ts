/**
 * A small, strict reader of Python literals, for the two places clembench's MapWorld games rely on
 * Python's `ast.literal_eval`: the instance fields (graphs stored as Python literal strings) and the
 * graph-reasoning replies (a dict the game master reads as a Python literal, tuples allowed).
 * It reads strings (quotes and escapes as Python does), ints, floats, None, True, False, tuples,
 * lists, dicts and sets, with Python's trailing commas and adjacent-string concatenation; anything
 * else is an error, as it would be for `literal_eval`.
 */

export type Py = null | boolean | number | string | PyList | PyTuple | PyDict | PySet;

export class PyList {
  constructor(readonly items: Py[]) {}
}
export class PyTuple {
  constructor(readonly items: Py[]) {}
}
export class PySet {
  constructor(readonly items: Py[]) {}
}
export class PyDict {
  constructor(readonly entries: [Py, Py][]) {}
  /** The value of a string key (the last one written wins, as in Python). */
  get(key: string): Py | undefined {
    for (let i = this.entries.length - 1; i >= 0; i--) if (this.entries[i]![0] === key) return this.entries[i]![1];
    return undefined;
  }
}

export class PyLiteralError extends Error {}

const SIMPLE_ESCAPES: Record<string, string> = { '\\': '\\', "'": "'", '"': '"', a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\n': '' };

class Reader {
  private i = 0;
  constructor(private readonly s: string) {}

  fail(what: string): never {
    throw new PyLiteralError(`${what} at character ${this.i + 1}`);
  }

  ws(): void {
    while (this.i < this.s.length && /[ \t\n\r\f\v]/.test(this.s[this.i]!)) this.i++;
  }

  peek(): string | undefined {
    this.ws();
    return this.s[this.i];
  }

  done(): boolean {
    this.ws();
    return this.i >= this.s.length;
  }

  value(): Py {
    const c = this.peek();
    if (c === undefined) this.fail('unexpected end');
    if (c === '[') return new PyList(this.sequence(']'));
    if (c === '(') return this.paren();
    if (c === '{') return this.braces();
    if (c === '"' || c === "'") return this.strings();
    if (/[-+0-9.]/.test(c)) return this.number();
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.s.slice(this.i))?.[0];
    if (word === 'None' || word === 'True' || word === 'False') {
      this.i += word.length;
      return word === 'None' ? null : word === 'True';
    }
    return this.fail(word ? `"${word}" is not a literal` : `unexpected "${c}"`);
  }

  /** Items up to the closing bracket, a trailing comma allowed. */
  private sequence(close: string): Py[] {
    this.i++; // the opening bracket
    const items: Py[] = [];
    while (this.peek() !== close) {
      items.push(this.value());
      const next = this.peek();
      if (next === ',') this.i++;
      else if (next !== close) this.fail(`expected "," or "${close}"`);
    }
    this.i++;
    return items;
  }

  /** `()` and `(x,)` are tuples; `(x)` is x. */
  private paren(): Py {
    this.i++;
    if (this.peek() === ')') {
      this.i++;
      return new PyTuple([]);
    }
    const first = this.value();
    if (this.peek() === ')') {
      this.i++;
      return first;
    }
    const items = [first];
    while (this.peek() === ',') {
      this.i++;
      if (this.peek() === ')') break;
      items.push(this.value());
    }
    if (this.peek() !== ')') this.fail('expected "," or ")"');
    this.i++;
    return new PyTuple(items);
  }

  private braces(): PyDict | PySet {
    this.i++;
    if (this.peek() === '}') {
      this.i++;
      return new PyDict([]);
    }
    const first = this.value();
    if (this.peek() === ':') {
      this.i++;
      const entries: [Py, Py][] = [[checkKey(first, this), this.value()]];
      while (this.peek() === ',') {
        this.i++;
        if (this.peek() === '}') break;
        const key = this.value();
        if (this.peek() !== ':') this.fail('expected ":"');
        this.i++;
        entries.push([checkKey(key, this), this.value()]);
      }
      if (this.peek() !== '}') this.fail('expected "," or "}"');
      this.i++;
      return new PyDict(entries);
    }
    const items = [checkKey(first, this)];
    while (this.peek() === ',') {
      this.i++;
      if (this.peek() === '}') break;
      items.push(checkKey(this.value(), this));
    }
    if (this.peek() !== '}') this.fail('expected "," or "}"');
    this.i++;
    return new PySet(items);
  }

  /** One or more adjacent string literals, concatenated. */
  private strings(): string {
    let out = this.string();
    while (this.peek() === '"' || this.peek() === "'") out += this.string();
    return out;
  }

  private string(): string {
    const q = this.s[this.i]!;
    const triple = this.s.startsWith(q.repeat(3), this.i);
    const end = triple ? q.repeat(3) : q;
    this.i += end.length;
    let out = '';
    for (;;) {
      if (this.i >= this.s.length) this.fail('unterminated string');
      if (this.s.startsWith(end, this.i)) {
        this.i += end.length;
        return out;
      }
      const c = this.s[this.i]!;
      if (c === '\n' && !triple) this.fail('line break in a string');
      if (c !== '\\') {
        out += c;
        this.i++;
        continue;
      }
      const e = this.s[this.i + 1];
      if (e === undefined) this.fail('unterminated string');
      if (SIMPLE_ESCAPES[e] !== undefined) {
        out += SIMPLE_ESCAPES[e];
        this.i += 2;
      } else if (e === 'x' || e === 'u' || e === 'U') {
        const len = e === 'x' ? 2 : e === 'u' ? 4 : 8;
        const hex = this.s.slice(this.i + 2, this.i + 2 + len);
        if (!new RegExp(`^[0-9a-fA-F]{${len}}$`).test(hex)) this.fail(`bad \\${e} escape`);
        const code = parseInt(hex, 16);
        if (code > 0x10ffff) this.fail('escape out of range');
        out += String.fromCodePoint(code);
        this.i += 2 + len;
      } else if (/[0-7]/.test(e)) {
        const oct = /^[0-7]{1,3}/.exec(this.s.slice(this.i + 1))![0];
        out += String.fromCodePoint(parseInt(oct, 8));
        this.i += 1 + oct.length;
      } else {
        // Python keeps an unknown escape as it is (a warning, not an error).
        out += c;
        this.i++;
      }
    }
  }

  private number(): number {
    const m = /^[-+]?(?:(?:\d(?:_?\d)*)?\.\d(?:_?\d)*(?:[eE][-+]?\d+)?|\d(?:_?\d)*\.?(?:[eE][-+]?\d+)?)/.exec(this.s.slice(this.i));
    if (!m || m[0] === '' || /^[-+]$/.test(m[0])) this.fail('bad number');
    const text = m[0].replace(/_/g, '');
    if (/^[-+]?0\d/.test(text)) this.fail('leading zeros in a number');
    this.i += m[0].length;
    return Number(text);
  }
}

/** Dict keys and set items must be hashable: no lists, dicts or sets. */
function checkKey(key: Py, reader: Reader): Py {
  if (key instanceof PyList || key instanceof PyDict || key instanceof PySet) reader.fail('unhashable key');
  return key;
}

/** Reads one Python literal; throws PyLiteralError on anything `ast.literal_eval` would refuse. */
export function parsePyLiteral(text: string): Py {
  // literal_eval strips leading spaces and tabs only.
  const reader = new Reader(text.replace(/^[ \t]+/, ''));
  const value = reader.value();
  if (!reader.done()) reader.fail('unexpected text after the literal');
  return value;
}

/** Python's `iter(x)` for the values these games meet: sequences, sets, strings (characters), dict keys. */
export function pyIter(value: Py): Py[] {
  if (value instanceof PyList || value instanceof PyTuple || value instanceof PySet) return value.items;
  if (typeof value === 'string') return [...value];
  if (value instanceof PyDict) return value.entries.map(([k]) => k);
  throw new PyLiteralError(`${pyType(value)} is not iterable`);
}

/** Python's `x[i]` for a non-negative int index. */
export function pyIndex(value: Py, index: number): Py {
  if (value instanceof PyList || value instanceof PyTuple || typeof value === 'string') {
    const items = typeof value === 'string' ? [...value] : value.items;
    if (index >= items.length) throw new PyLiteralError('index out of range');
    return items[index]!;
  }
  if (value instanceof PyDict) {
    const hit = value.entries.findLast(([k]) => k === index || (typeof k === 'boolean' && Number(k) === index));
    if (!hit) throw new PyLiteralError(`key ${index} not found`);
    return hit[1];
  }
  throw new PyLiteralError(`${pyType(value)} is not subscriptable`);
}

export function pyType(value: Py): string {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'string') return 'str';
  if (value instanceof PyList) return 'list';
  if (value instanceof PyTuple) return 'tuple';
  if (value instanceof PySet) return 'set';
  return 'dict';
}

/** The sequence items of a list or tuple (what the instance fields hold), else null. */
export function seqItems(value: Py): Py[] | null {
  return value instanceof PyList || value instanceof PyTuple ? value.items : null;
}
