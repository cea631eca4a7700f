/**
 * The code's names in words, for what a page or a file shows a person: `judgeLabel` is "judge label",
 * and a stratum key as stored (`judgeLabel=maybe · category=objects`, kept as drawn so a seed draws the
 * same set) reads "judge label: maybe, category: objects".
 */

/** A camelCase or snake_case name in lower-case words: `minYes` → "min yes", `first_guess` → "first guess". */
export function keyWords(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
}

/** A stratum key as stored (`k=v · k=v`) in words: "judge label: maybe, category: objects". */
export function stratumText(key: string): string {
  return key
    .split(' · ')
    .map((part) => {
      const at = part.indexOf('=');
      return at < 0 ? part : `${keyWords(part.slice(0, at))}: ${part.slice(at + 1)}`;
    })
    .join(', ');
}

/** Settings or thresholds as words and values: `{ minYes: 3, similarity: 0.8 }` → "min yes 3, similarity 0.8". */
export function settingsText(values: Readonly<Record<string, string | number>>): string {
  return Object.entries(values)
    .map(([k, v]) => `${keyWords(k)} ${v}`)
    .join(', ');
}
