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
