import { type Compilable, CompiledQuery, type DialectAdapter, type QueryResult } from 'kysely';
import type { Db } from './database.ts';

const SLOT = Symbol('value of a compiled-once query');

interface Slot {
  readonly [SLOT]: string;
}

const isSlot = (value: unknown): value is Slot => typeof value === 'object' && value !== null && SLOT in value;

interface Template {
  sql: string;
  /** Per parameter: the name of the call's value in its place, or the constant the query holds. */
  parameters: readonly ({ slot: string } | { constant: unknown })[];
}

/**
 * A query Kysely builds and compiles once, for the statements of every request: Kysely builds each
 * query as a tree of frozen objects and compiles it to SQL on every call, and in the crowd of
 * `pnpm bench crowd` that was a third of the API's event loop at its busiest (`bench/README.md`).
 * `build` gets, in place of each value, a stand-in named after a key of the call's values; each
 * call then sends the one SQL text with its own values where the stand-ins were. Only a value
 * that becomes a parameter may be a stand-in: one that shapes the SQL (a list for `in`, a null for
 * `is`) is refused when the query is compiled. One template per database kind, since their SQL
 * differs (one process may hold both, as the tests do).
 */
export function compiledOnce<Values extends Record<string, unknown>, Row>(
  build: (db: Db, value: <Name extends keyof Values & string>(name: Name) => Values[Name]) => Compilable<Row>,
): (db: Db, values: Values) => Promise<QueryResult<Row>> {
  const templates = new WeakMap<DialectAdapter, Template>();
  const compile = (db: Db): Template => {
    const asked = new Set<string>();
    const compiled = build(db, (name) => {
      asked.add(name);
      return { [SLOT]: name } as never;
    }).compile();
    const parameters = compiled.parameters.map((parameter) =>
      isSlot(parameter) ? { slot: parameter[SLOT] } : { constant: parameter },
    );
    const placed = new Set(parameters.flatMap((parameter) => ('slot' in parameter ? [parameter.slot] : [])));
    const lost = [...asked].filter((name) => !placed.has(name));
    if (lost.length > 0) throw new Error(`A compiled-once query must send ${lost.join(', ')} as parameters`);
    return { sql: compiled.sql, parameters };
  };
  return async (db, values) => {
    const adapter = db.getExecutor().adapter;
    let template = templates.get(adapter);
    if (!template) {
      template = compile(db);
      templates.set(adapter, template);
    }
    const parameters = template.parameters.map((parameter) =>
      'slot' in parameter ? values[parameter.slot] : parameter.constant,
    );
    return db.executeQuery<Row>(CompiledQuery.raw(template.sql, parameters) as CompiledQuery<Row>);
  };
}

/** A stand-in for each of a row's columns, for a compiled-once `values(…)` or `set(…)`. */
export function standIns<Row extends Record<string, unknown>>(
  columns: readonly (keyof Row & string)[],
  value: <Name extends keyof Row & string>(name: Name) => Row[Name],
): Row {
  return Object.fromEntries(columns.map((column) => [column, value(column)])) as Row;
}

/**
 * A compiled-once query for any number of rows or keys (a coalesced statement's, `coalesced.ts`):
 * `build` gets a stand-in function for each row; one template is kept per count, and a count is
 * never more than `MOST_PER_STATEMENT`.
 */
export function compiledForEachCount<Values extends Record<string, unknown>, Row>(
  build: (
    db: Db,
    rows: readonly (<Name extends keyof Values & string>(name: Name) => Values[Name])[],
  ) => Compilable<Row>,
): (db: Db, rows: readonly Values[]) => Promise<QueryResult<Row>> {
  const byCount = new Map<number, (db: Db, values: Record<string, unknown>) => Promise<QueryResult<Row>>>();
  return (db, rows) => {
    let query = byCount.get(rows.length);
    if (!query) {
      query = compiledForCount(build, rows.length);
      byCount.set(rows.length, query);
    }
    const values: Record<string, unknown> = {};
    rows.forEach((row, index) => {
      for (const [name, value] of Object.entries(row)) values[slotOf(index, name)] = value;
    });
    return query(db, values);
  };
}

const slotOf = (index: number, name: string) => `${index}:${name}`;

/**
 * The template for one count, made apart from any call: a closure made inside the call would share
 * its scope, and so keep that call's values (a candidate's answers) for as long as the template.
 */
function compiledForCount<Values extends Record<string, unknown>, Row>(
  build: (
    db: Db,
    rows: readonly (<Name extends keyof Values & string>(name: Name) => Values[Name])[],
  ) => Compilable<Row>,
  count: number,
): (db: Db, values: Record<string, unknown>) => Promise<QueryResult<Row>> {
  return compiledOnce<Record<string, unknown>, Row>((db, value) =>
    build(
      db,
      Array.from({ length: count }, (_, index) => (name) => value(slotOf(index, name)) as never),
    ),
  );
}
