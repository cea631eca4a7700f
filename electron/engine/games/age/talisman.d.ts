/** talisman ships no types; its plain Jaro similarity is a function of two strings. */
declare module 'talisman/metrics/jaro.js' {
  const jaro: (a: string, b: string) => number;
  export default jaro;
}
