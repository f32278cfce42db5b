/**
 * A waiting line shared fairly between senders: each sender's items wait in their own order, and
 * the senders take turns. When the line is full, the sender holding the most places gives one up
 * to a sender holding fewer, so nobody, by sending more, can keep anyone else out.
 */
export class FairQueue<T> {
  /** In turn order: a sender goes to the back once one of its items is taken. */
  readonly #bySender = new Map<string, T[]>();
  #size = 0;

  get size(): number {
    return this.#size;
  }

  push(sender: string, item: T): void {
    const items = this.#bySender.get(sender);
    if (items) items.push(item);
    else this.#bySender.set(sender, [item]);
    this.#size += 1;
  }

  /** The oldest item of the sender whose turn it is. */
  shift(): T | undefined {
    const first = this.#bySender.entries().next();
    if (first.done) return undefined;
    const [sender, items] = first.value;
    const item = items.shift() as T;
    this.#bySender.delete(sender);
    if (items.length > 0) this.#bySender.set(sender, items);
    this.#size -= 1;
    return item;
  }

  /**
   * Frees a place for one more item of `sender`: takes out, and returns, the newest item of the
   * sender holding the most places, when that is more than `sender` would hold with its new one.
   * Undefined when nobody holds more: then `sender`'s new item is the one to refuse.
   */
  makeRoomFor(sender: string): T | undefined {
    let largest: T[] | undefined;
    for (const items of this.#bySender.values()) if (!largest || items.length > largest.length) largest = items;
    const own = this.#bySender.get(sender)?.length ?? 0;
    if (!largest || largest.length <= own + 1) return undefined;
    this.#size -= 1;
    return largest.pop();
  }
}
