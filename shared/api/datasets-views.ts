/** The dataset audit as the API returns it (issue 17, item 10). */
export type DatasetAuditKind = 'duplicate' | 'near-duplicate' | 'run-together' | 'missing-tag' | 'odd-tag' | 'too-long';

export interface DatasetAuditFinding {
  kind: DatasetAuditKind;
  severity: 'warning' | 'info';
  /** The entries as listed (their keys), and as shown (their names). */
  keys: string[];
  names: string[];
  message: string;
}

export interface DatasetAuditSubset {
  game: string;
  dataset: string;
  subset: string;
  source: string;
  instances: number;
  findings: DatasetAuditFinding[];
  counts: Partial<Record<DatasetAuditKind, number>>;
}

/** A fixed subset: a named, seeded sample of one split that runs and human games can share. */
export interface FixedSubsetView {
  name: string;
  game: string;
  dataset: string;
  subset: string;
  size: number;
  seed: number;
  note: string | null;
  /** The game's own (EDA's things-30) or a user's. */
  origin: 'game' | 'user';
  /** Its instances, in the split's order. */
  instances: { key: string; name: string }[];
}
