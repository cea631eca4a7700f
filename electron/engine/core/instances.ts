/** An instance of a game's dataset, as loaded and as stored. */
export interface InstanceInput {
  /** Stable within the dataset and subset (EDA: the dataset line). */
  key: string;
  /** What the views call it. */
  name: string;
  payload: unknown;
  /** Topic-like labels (category, occupation, experiment, map size…): heatmap and difficulty axes. */
  tags: Record<string, string>;
}

export interface InstanceRow extends InstanceInput {
  id: number;
  datasetId: number;
  subset: string;
  position: number;
}
