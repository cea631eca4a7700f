/**
 * A sum of doubles rounded once, exactly (Shewchuk's partials, as Python's math.fsum): the same double
 * whatever order the values come in. The merge recomputes the sums behind leaderboards with it, so
 * A←B and B←A give the same bits, which adding in the order episodes finished would not.
 */
export class ExactSum {
  private partials: number[] = [];
  /** Infinities and NaN (never stored as scores) make the sum what adding them would. */
  private special = 0;

  add(value: number): void {
    if (!Number.isFinite(value)) {
      this.special += value;
      return;
    }
    let x = value;
    let kept = 0;
    for (let j = 0; j < this.partials.length; j++) {
      let y = this.partials[j]!;
      if (Math.abs(x) < Math.abs(y)) [x, y] = [y, x];
      const hi = x + y;
      const lo = y - (hi - x);
      if (lo !== 0) this.partials[kept++] = lo;
      x = hi;
    }
    this.partials.length = kept;
    this.partials.push(x);
  }

  value(): number {
    if (this.special !== 0) return this.special; // NaN too
    const p = this.partials;
    let n = p.length;
    if (n === 0) return 0;
    let hi = p[--n]!;
    let lo = 0;
    while (n > 0) {
      const x = hi;
      const y = p[--n]!;
      hi = x + y;
      lo = y - (hi - x);
      if (lo !== 0) break;
    }
    // Half-way cases: round as the exact sum would (the partials below say which way).
    if (n > 0 && ((lo < 0 && p[n - 1]! < 0) || (lo > 0 && p[n - 1]! > 0))) {
      const y = lo * 2;
      const x = hi + y;
      if (y === x - hi) hi = x;
    }
    return hi;
  }
}
