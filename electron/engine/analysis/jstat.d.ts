/** jstat ships no types; this declares only the part Parlor uses. It is CommonJS (`module.exports = jStat`),
 *  so only the default import works under Node ESM: `import jStat from 'jstat'`. */
declare module 'jstat' {
  interface JStat {
    studentt: {
      /** P(T ≤ x) for Student's t with `dof` degrees of freedom (dof may be fractional). */
      cdf(x: number, dof: number): number;
      /** The p-quantile of Student's t with `dof` degrees of freedom. */
      inv(p: number, dof: number): number;
    };
  }
  const jStat: JStat;
  export = jStat;
}
