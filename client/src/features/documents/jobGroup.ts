// A job group (spec §4): one request per document, all tagged with the group's Job id and Count;
// every answer counts as a success or a danger result, failures are logged as 'DocID {id}: {text}'
// (an inbox file's id is its file name), and the group is done when every result is in. A few
// requests run at a time.
export interface JobProgress {
  total: number;
  success: number;
  danger: number;
  /** 'DocID {id}: {text}' per failure, in the order they came back */
  errors: string[];
}

export interface JobGroupOptions<T> {
  items: readonly T[];
  /** the document id of an item, or an inbox file's name (for the failure log) */
  idOf: (item: T) => number | string;
  run: (item: T, tag: { job: string; count: number }) => Promise<unknown>;
  /** called after every result with the counts so far */
  onProgress?: (progress: JobProgress) => void;
  /** the text of a failure */
  describe: (error: unknown) => string;
  concurrency?: number;
  /** the group's id; a new random one by default */
  jobId?: string;
}

export const newJobId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`;

export async function runJobGroup<T>(options: JobGroupOptions<T>): Promise<JobProgress> {
  const { items } = options;
  const tag = { job: options.jobId ?? newJobId(), count: items.length };
  const progress: JobProgress = { total: items.length, success: 0, danger: 0, errors: [] };
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++] as T;
      try {
        await options.run(item, tag);
        progress.success++;
      } catch (error) {
        progress.danger++;
        progress.errors.push(`DocID ${options.idOf(item)}: ${options.describe(error)}`);
      }
      options.onProgress?.({ ...progress, errors: [...progress.errors] });
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? 4, items.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return progress;
}
