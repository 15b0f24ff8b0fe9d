/**
 * Typo tolerance for destination names: the optimal-string-alignment distance (insertions,
 * deletions, substitutions and swapped neighbours, each costing one), computed only up to a bound
 * so a word far from a name is given up after a few letters.
 */

/** How many typos a word of this length may carry and still name something: none under four letters. */
export function typoAllowance(length: number): number {
  if (length < 4) return 0;
  return length < 8 ? 1 : 2;
}

/** Rows of the distance table, kept between calls: a search measures a word against every catalogue word. */
let rows: [Int32Array, Int32Array, Int32Array] = [new Int32Array(32), new Int32Array(32), new Int32Array(32)];

/** The distance between `a` and `b` when it is at most `bound`, otherwise `bound + 1`. */
export function boundedEditDistance(a: string, b: string, bound: number): number {
  if (Math.abs(a.length - b.length) > bound) return bound + 1;
  if (rows[0].length <= b.length) rows = [0, 1, 2].map(() => new Int32Array(b.length * 2)) as typeof rows;
  let [before, previous, current] = rows;
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > bound) return bound + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length]!, bound + 1);
}
