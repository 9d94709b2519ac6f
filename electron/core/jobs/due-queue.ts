// The poll scheduler's agenda: an indexed binary min-heap of items by due time (ties: first queued
// first), so that 10,000 open jobs cost O(log n) per add, removal, reschedule or pop.

export interface DueItem {
  /** When it is due (ms since the epoch). */
  due: number;
  /** Tie-breaker, set by the queue: equal due times keep their queueing order. */
  seq: number;
  /** Position in the heap, -1 when not queued; maintained by the queue. */
  heapIndex: number;
}

export class DueQueue<T extends DueItem> {
  private readonly heap: T[] = [];
  private nextSeq = 0;

  get size(): number {
    return this.heap.length;
  }

  peek(): T | undefined {
    return this.heap[0];
  }

  has(item: T): boolean {
    return item.heapIndex >= 0 && this.heap[item.heapIndex] === item;
  }

  /** Queues the item at `due`, or moves it there when it is queued already. */
  schedule(item: T, due: number): void {
    item.due = due;
    item.seq = this.nextSeq++;
    if (this.has(item)) {
      this.restore(item.heapIndex);
      return;
    }
    item.heapIndex = this.heap.length;
    this.heap.push(item);
    this.up(item.heapIndex);
  }

  pop(): T | undefined {
    const top = this.heap[0];
    if (top) this.remove(top);
    return top;
  }

  remove(item: T): boolean {
    if (!this.has(item)) return false;
    const index = item.heapIndex;
    const last = this.heap.pop() as T;
    item.heapIndex = -1;
    if (last !== item) {
      this.heap[index] = last;
      last.heapIndex = index;
      this.restore(index);
    }
    return true;
  }

  /** Every queued item, in no particular order (for bulk changes followed by `rebuild`). */
  items(): readonly T[] {
    return this.heap;
  }

  /** Restores the heap after due times were changed in bulk through `items()`: O(n). */
  rebuild(): void {
    for (let index = (this.heap.length >> 1) - 1; index >= 0; index -= 1) this.down(index);
  }

  clear(): void {
    for (const item of this.heap) item.heapIndex = -1;
    this.heap.length = 0;
  }

  private less(a: T, b: T): boolean {
    return a.due < b.due || (a.due === b.due && a.seq < b.seq);
  }

  private restore(index: number): void {
    if (!this.up(index)) this.down(index);
  }

  private up(start: number): boolean {
    let index = start;
    const item = this.heap[index] as T;
    while (index > 0) {
      const parentIndex = (index - 1) >> 1;
      const parent = this.heap[parentIndex] as T;
      if (!this.less(item, parent)) break;
      this.place(parent, index);
      index = parentIndex;
    }
    this.place(item, index);
    return index !== start;
  }

  private down(start: number): void {
    let index = start;
    const item = this.heap[index] as T;
    const length = this.heap.length;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= length) break;
      const right = left + 1;
      const child = right < length && this.less(this.heap[right] as T, this.heap[left] as T) ? right : left;
      const childItem = this.heap[child] as T;
      if (!this.less(childItem, item)) break;
      this.place(childItem, index);
      index = child;
    }
    this.place(item, index);
  }

  private place(item: T, index: number): void {
    this.heap[index] = item;
    item.heapIndex = index;
  }
}
