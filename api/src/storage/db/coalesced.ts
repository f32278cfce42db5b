import DataLoader from 'dataloader';
import type { Compilable } from 'kysely';
import { compiledForEachCount } from './compiled-once.ts';
import type { Db, Dialect, WriteContext } from './database.ts';

/**
 * The most calls one statement takes. Each count is a statement text of its own, kept prepared on
 * every connection (its dialect's set-up keeps them); with 32 a statement one instance holds a
 * crowd of 7,000 (`bench/README.md`).
 */
export const MOST_PER_STATEMENT = 32;

const toError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

type Send<Key, Value> = (keys: readonly Key[]) => Promise<readonly (Value | Error)[]>;

/**
 * One statement for the calls of many requests, where each statement is a round trip to a
 * database server (`Dialect.coalesces`). While a statement of this kind is on its way, the calls
 * that arrive wait for it and then go together in the next, as the file database's writer thread
 * groups its commits: a call waits at most one round trip, and under load the server gets one
 * statement, and one write to its socket, for many requests. Alone, a call goes at once (after the
 * event loop's turn, which gathers the calls of that turn).
 *
 * `send` answers each call in order, with a value or an Error for that call alone. If the
 * statement for many fails as a whole, each call is sent again alone, one after the other in the
 * order they came, so that one call the database refuses (a session erased meanwhile) fails
 * alone. DataLoader (graphql's, a kept library) does the gathering, with its cache off: every
 * call is sent.
 */
function coalesced<Key, Value>(send: Send<Key, Value>): (key: Key) => Promise<Value> {
  let onTheWay = 0;
  let waiting: (() => void)[] = [];
  const loader = new DataLoader<Key, Value>(
    async (keys) => {
      onTheWay += 1;
      try {
        return await send(keys);
      } catch (error) {
        if (keys.length === 1) throw error;
        const alone: (Value | Error)[] = [];
        for (const key of keys) alone.push(await send([key]).then((values) => values[0] as Value | Error, toError));
        return alone;
      } finally {
        onTheWay -= 1;
        if (onTheWay === 0) {
          const next = waiting;
          waiting = [];
          for (const dispatch of next) dispatch();
        }
      }
    },
    {
      cache: false,
      maxBatchSize: MOST_PER_STATEMENT,
      batchScheduleFn: (dispatch) => {
        if (onTheWay === 0) setImmediate(dispatch);
        else waiting.push(dispatch);
      },
    },
  );
  return (key) => loader.load(key);
}

/** `send` for one call at a time where statements cost little each, coalesced where not. */
export function coalescedOn<Key, Value>(dialect: Dialect, send: Send<Key, Value>): (key: Key) => Promise<Value> {
  if (dialect.coalesces) return coalesced(send);
  return async (key) => {
    const [value] = await send([key]);
    if (value instanceof Error) throw value;
    return value as Value;
  };
}

/** The same for a write's statement, kept beside its database (`WriteContext.local`) under `name`. */
export function coalescedIn<Key, Value>(
  context: WriteContext,
  name: string,
  send: (db: Db, keys: readonly Key[]) => Promise<readonly (Value | Error)[]>,
): (key: Key) => Promise<Value> {
  const { db, dialect } = context;
  return context.local(name, () => coalescedOn(dialect, (keys: readonly Key[]) => send(db, keys)));
}

/**
 * A read of the row a key names, or none: `build` selects the rows whose key is in `keys` (their
 * stand-ins), and `keyOf` tells a row's key. Compiled once per count, and coalesced where
 * statements are round trips.
 */
export function readByKey<Row>(
  { db, dialect }: { db: Db; dialect: Dialect },
  build: (db: Db, keys: string[]) => Compilable<Row>,
  keyOf: (row: Row) => string,
): (key: string) => Promise<Row | undefined> {
  const query = compiledForEachCount<{ key: string }, Row>((db, slots) =>
    build(
      db,
      slots.map((slot) => slot('key')),
    ),
  );
  return coalescedOn(dialect, async (keys: readonly string[]) => {
    // Counts rounded up to a power of two, with the first key again in the places over: a key
    // listed twice reads nothing more, and six statement texts serve every count.
    const count = 2 ** Math.ceil(Math.log2(keys.length));
    const { rows } = await query(
      db,
      Array.from({ length: count }, (_, index) => ({ key: keys[index] ?? (keys[0] as string) })),
    );
    const byKey = new Map(rows.map((row) => [keyOf(row), row]));
    return keys.map((key) => byKey.get(key));
  });
}
