/**
 * Room connectivity (FESS's fourth feature, in a form of our own): how many links between rooms
 * the boxes obstruct.
 *
 * A room is where the player can walk round a box: the floor covered by 2x2 blocks of floor,
 * joined where blocks overlap side by side (a block that touches no other is no room: a niche).
 * A cell two rooms' blocks share only corner to corner belongs to neither. The rest of the floor
 * is corridors. Two rooms are linked when the player can walk from one to the other through
 * corridors alone (no third room on the way); with no boxes that gives the board's links.
 * With boxes, a link holds while every piece the boxes leave of each of its two rooms still
 * reaches the other: a walk from a piece spreads over its room's free cells and the free
 * corridors, and sees every room whose cell it steps next to (boxed or not). A room all of whose
 * cells hold boxes has no link. The count is of the board's links that do not hold.
 *
 * The connectivity count (areas.ts) sees a box that cuts the floor in two; this sees one that
 * blocks a corridor between two rooms that are joined some other way too, and a room cut into
 * pieces by its own boxes.
 */
export class RoomLinks {
  /** Rooms on the board. */
  readonly rooms: number;
  /** Each floor cell's room, or -1 on a corridor. */
  readonly roomOf: Int32Array;
  private readonly nbr: Int32Array;
  private readonly size: number;
  /** The board's links (rooms x rooms, 1 where linked), and how many pairs are. */
  private readonly base: Uint8Array;
  readonly links: number;
  /** Scratch: links holding now, rooms seen by a walk, cells of a room walked, cells of this walk. */
  private readonly now: Uint8Array;
  private readonly seenRoom: Uint8Array;
  private readonly walked: Uint32Array;
  private readonly inWalk: Uint32Array;
  private readonly queue: Int32Array;
  private readonly processed: Uint8Array;
  private stamp = 0;

  private constructor(board: { readonly nbr: Int32Array; readonly size: number }, roomOf: Int32Array, rooms: number) {
    this.nbr = board.nbr;
    this.size = board.size;
    this.roomOf = roomOf;
    this.rooms = rooms;
    this.base = new Uint8Array(rooms * rooms);
    this.now = new Uint8Array(rooms * rooms);
    this.seenRoom = new Uint8Array(rooms);
    this.processed = new Uint8Array(rooms);
    this.walked = new Uint32Array(board.size);
    this.inWalk = new Uint32Array(board.size);
    this.queue = new Int32Array(board.size);
    const empty = new Int32Array(board.size).fill(-1);
    this.linksInto(empty, this.base);
    let links = 0;
    for (let r = 0; r < rooms; r++) for (let k = r + 1; k < rooms; k++) links += this.base[r * rooms + k];
    this.links = links;
  }

  /** The rooms of a board (its floor cells and their neighbours, directions up, down, left, right). */
  static of(board: { readonly nbr: Int32Array; readonly size: number }): RoomLinks {
    const { nbr, size } = board;
    // The 2x2 blocks, each named by its top-left cell.
    const block = new Uint8Array(size);
    for (let c = 0; c < size; c++) {
      const right = nbr[c * 4 + 3];
      const down = nbr[c * 4 + 1];
      if (right >= 0 && down >= 0 && nbr[right * 4 + 1] >= 0) block[c] = 1;
    }
    // Blocks that overlap side by side: the block to the right, below, left and above.
    const beside = (c: number, d: number): number => {
      const m = nbr[c * 4 + d];
      return m >= 0 && block[m] ? m : -1;
    };
    const blockRoom = new Int32Array(size).fill(-1);
    const stack: number[] = [];
    let rooms = 0;
    for (let c = 0; c < size; c++) {
      if (!block[c] || blockRoom[c] >= 0) continue;
      let alone = true;
      for (let d = 0; d < 4; d++) if (beside(c, d) >= 0) alone = false;
      if (alone) continue;
      blockRoom[c] = rooms;
      stack.push(c);
      while (stack.length > 0) {
        const x = stack.pop()!;
        for (let d = 0; d < 4; d++) {
          const m = beside(x, d);
          if (m >= 0 && blockRoom[m] < 0) {
            blockRoom[m] = rooms;
            stack.push(m);
          }
        }
      }
      rooms++;
    }
    // Each block's four cells take its room; a cell two rooms claim (corner to corner) takes none.
    const UNSET = -1;
    const SHARED = -2;
    const roomOf = new Int32Array(size).fill(UNSET);
    for (let c = 0; c < size; c++) {
      const r = blockRoom[c];
      if (r < 0) continue;
      const right = nbr[c * 4 + 3];
      for (const x of [c, right, nbr[c * 4 + 1], nbr[right * 4 + 1]]) roomOf[x] = roomOf[x] === UNSET || roomOf[x] === r ? r : SHARED;
    }
    for (let c = 0; c < size; c++) if (roomOf[c] === SHARED) roomOf[c] = -1;
    return new RoomLinks(board, roomOf, rooms);
  }

  /** The board's links that the boxes (`boxAt[c] >= 0`) obstruct. */
  obstructed(boxAt: Int32Array): number {
    if (this.links === 0) return 0;
    const { rooms, base, now } = this;
    this.linksInto(boxAt, now);
    let count = 0;
    for (let r = 0; r < rooms; r++) for (let k = r + 1; k < rooms; k++) if (base[r * rooms + k] && !now[r * rooms + k]) count++;
    return count;
  }

  /** Which rooms are linked with the boxes where `boxAt` marks them, into `into` (rooms x rooms). */
  private linksInto(boxAt: Int32Array, into: Uint8Array): void {
    const { rooms, roomOf, nbr, size, seenRoom, walked, inWalk, queue, processed } = this;
    into.fill(1);
    for (let r = 0; r < rooms; r++) into[r * rooms + r] = 0;
    processed.fill(0);
    // The stamps are 32-bit: a count that would pass them starts again from clear tables.
    if (this.stamp > 0xffffffff - size - 1) {
      this.stamp = 0;
      walked.fill(0);
      inWalk.fill(0);
    }
    const roomStamp = ++this.stamp;
    for (let c = 0; c < size; c++) {
      const r = roomOf[c];
      if (r < 0 || boxAt[c] >= 0 || walked[c] === roomStamp) continue;
      processed[r] = 1;
      // A piece of room r: its free cells and the free corridors from them.
      const walk = ++this.stamp;
      seenRoom.fill(0);
      walked[c] = roomStamp;
      inWalk[c] = walk;
      let head = 0;
      let tail = 0;
      queue[tail++] = c;
      while (head < tail) {
        const x = queue[head++];
        for (let d = 0; d < 4; d++) {
          const m = nbr[x * 4 + d];
          if (m < 0) continue;
          const rm = roomOf[m];
          if (rm >= 0 && rm !== r) {
            seenRoom[rm] = 1;
            continue;
          }
          if (inWalk[m] === walk || boxAt[m] >= 0) continue;
          inWalk[m] = walk;
          if (rm === r) walked[m] = roomStamp;
          queue[tail++] = m;
        }
      }
      for (let k = 0; k < rooms; k++) {
        if (seenRoom[k] || k === r) continue;
        into[r * rooms + k] = 0;
        into[k * rooms + r] = 0;
      }
    }
    for (let r = 0; r < rooms; r++) {
      if (processed[r]) continue;
      for (let k = 0; k < rooms; k++) {
        into[r * rooms + k] = 0;
        into[k * rooms + r] = 0;
      }
    }
  }
}
