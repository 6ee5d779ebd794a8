/**
 * The engine's step (rulesets/push/step.ts) compiled over a MechanicsBoard: one command on a
 * position held as the player cell and an occupancy array (box class per floor cell), with no
 * objects, strings or event lists. It keeps the engine's phases and their order exactly: the
 * player's target (a wall or a door closed at the start of the step is a bump), the push chain
 * (its total weight within the strength, a free cell beyond that is no closed door), the chain and
 * the player move one cell, then boxes (front first) and the player slide on ice, then pads carry
 * moved boxes (when they carry boxes) and the player, and doors follow from where things rest
 * (never stored: they are a function of the position). Every door check during the step reads
 * the doors as they were at its start. tests/unit/push-mechanics-step.test.ts holds it to the
 * engine's step on random positions of small boards, mechanic by mechanic.
 */
import type { MechanicsBoard } from './board.ts';

/** `step`'s answer: the command bumps (nothing changes). */
export const BUMP = -1;
/** `step`'s answer: the player moved and no box did (a walk). */
export const WALK = 0;

export class MechanicsStepper {
  private readonly b: MechanicsBoard;
  /** Buttons of each link held down by boxes (set by `prepare` for the position's boxes). */
  private readonly boxPressed: Int32Array;
  /** Doors closed at the start of the current step (door cells only; others stay 0). */
  private readonly closed: Uint8Array;
  /** The step's result: the player's cell, and the boxes that moved (front of the chain first). */
  player = -1;
  moved = 0;
  readonly from: Int32Array;
  readonly to: Int32Array;
  /** Box class of each moved box. */
  readonly kind: Uint8Array;

  constructor(board: MechanicsBoard) {
    this.b = board;
    this.boxPressed = new Int32Array(board.linkButtons.length);
    this.closed = new Uint8Array(board.size);
    const most = Math.max(1, board.strength);
    this.from = new Int32Array(most);
    this.to = new Int32Array(most);
    this.kind = new Uint8Array(most);
  }

  /** Count the buttons the boxes of `occ` hold down: call before stepping from a new set of boxes. */
  prepare(occ: Uint8Array): void {
    const { b } = this;
    if (!b.doorsActive) return;
    this.boxPressed.fill(0);
    for (let c = 0; c < b.size; c++) if (occ[c] !== 0 && b.buttonLink[c] >= 0) this.boxPressed[b.buttonLink[c]]++;
  }

  /** Whether link `link`'s buttons hold its doors open with the player on `player` (boxes as prepared). */
  private linkOpen(link: number, player: number): boolean {
    const { b } = this;
    const total = b.linkButtons[link];
    if (total === 0) return false;
    const byPlayer = b.playerPresses && b.buttonLink[player] === link ? 1 : 0;
    const pressed = this.boxPressed[link] + byPlayer;
    return b.opensWhenAll ? pressed === total : pressed > 0;
  }

  /**
   * One command `d` from the player on `player` with boxes `occ` (prepared). BUMP: nothing
   * changes. Otherwise the player ends on `this.player`; WALK when no box moved, else the number
   * of boxes moved, applied to `occ` in place (`undo` puts them back).
   */
  step(player: number, occ: Uint8Array, d: number): number {
    const { b } = this;
    const { nbr } = b;
    // Doors at the start of the step: closed unless pressed or occupied.
    if (b.doorsActive) {
      const { doorCells, doorLink } = b;
      const closed = this.closed;
      for (let k = 0; k < doorCells.length; k++) {
        const c = doorCells[k];
        closed[c] = c !== player && occ[c] === 0 && !this.linkOpen(doorLink[c], player) ? 1 : 0;
      }
    }
    const closed = this.closed;
    const target = nbr[player * 4 + d];
    if (target < 0 || closed[target] === 1) return BUMP;
    // The push chain, back to front.
    let count = 0;
    let weight = 0;
    let cell = target;
    while (occ[cell] !== 0) {
      weight += b.weightOf[occ[cell]];
      if (weight > b.strength) return BUMP;
      this.from[count++] = cell;
      cell = nbr[cell * 4 + d];
      if (cell < 0) return BUMP;
    }
    if (count > 0 && closed[cell] === 1) return BUMP;
    // Front first, as the engine lists moved boxes; each moves into the cell ahead.
    const { from, to, kind } = this;
    for (let i = 0, j = count - 1; i < j; i++, j--) {
      const t = from[i];
      from[i] = from[j];
      from[j] = t;
    }
    for (let i = 0; i < count; i++) {
      kind[i] = occ[from[i]];
      to[i] = nbr[from[i] * 4 + d];
      occ[from[i]] = 0;
      occ[to[i]] = kind[i];
    }
    let at = target;
    // Ice: moved boxes (front first), then the player, slide while the next cell is free.
    if (b.boxesSlide) {
      for (let i = 0; i < count; i++) {
        let c = to[i];
        while (b.ice[c] === 1 && this.free(nbr[c * 4 + d], occ, at)) c = nbr[c * 4 + d];
        if (c !== to[i]) {
          occ[to[i]] = 0;
          occ[c] = kind[i];
          to[i] = c;
        }
      }
    }
    if (b.playerSlides) while (b.ice[at] === 1 && this.free(nbr[at * 4 + d], occ, at)) at = nbr[at * 4 + d];
    // Pads: carried boxes (front first), then the player, when the pair is free.
    const { teleport } = b;
    if (b.carryBoxes) {
      for (let i = 0; i < count; i++) {
        const pair = teleport[to[i]];
        if (pair < 0 || occ[pair] !== 0 || pair === at) continue;
        occ[to[i]] = 0;
        occ[pair] = kind[i];
        to[i] = pair;
      }
    }
    const pair = teleport[at];
    if (pair >= 0 && occ[pair] === 0) at = pair;
    this.player = at;
    this.moved = count;
    return count;
  }

  /** A cell something may slide into: on the floor, no door closed at the step's start, no box, not the player. */
  private free(c: number, occ: Uint8Array, player: number): boolean {
    return c >= 0 && this.closed[c] === 0 && occ[c] === 0 && c !== player;
  }

  /** Put the boxes the last step moved back on `occ`. */
  undo(occ: Uint8Array): void {
    const { from, to, kind } = this;
    for (let i = this.moved - 1; i >= 0; i--) occ[to[i]] = 0;
    for (let i = 0; i < this.moved; i++) occ[from[i]] = kind[i];
  }
}
