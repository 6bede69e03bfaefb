// Progress of a seed from a server: what has been read so far and, once the work is known, the
// time left, as one line at most every second (and on each phase change).
export type Counter = 'databases' | 'archives' | 'fields' | 'searches' | 'documents';

export class Progress {
  readonly counts: Record<Counter, number> = {
    databases: 0,
    archives: 0,
    fields: 0,
    searches: 0,
    documents: 0,
  };
  private readonly started = performance.now();
  private phase = '';
  private phaseStarted = performance.now();
  private planned = 0;
  private done = 0;
  private lastLine = 0;

  constructor(
    private readonly log: (line: string) => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Start a phase of `planned` units (0: unknown), e.g. documents to copy. */
  begin(phase: string, planned = 0): void {
    this.phase = phase;
    this.planned = planned;
    this.done = 0;
    this.phaseStarted = this.now();
    this.print(true);
  }

  add(counter: Counter, n = 1): void {
    this.counts[counter] += n;
    this.print(false);
  }

  /** One unit of the current phase's plan is done. */
  step(n = 1): void {
    this.done += n;
    this.print(false);
  }

  /** Seconds left in the phase at its pace so far; undefined before anything is done. */
  secondsLeft(): number | undefined {
    if (this.planned === 0 || this.done === 0) return undefined;
    const perUnit = (this.now() - this.phaseStarted) / this.done;
    return Math.max(0, Math.round((perUnit * (this.planned - this.done)) / 1000));
  }

  line(): string {
    const c = this.counts;
    const read = `${c.databases} databases, ${c.archives} archives, ${c.fields} fields, ${c.searches} searches, ${c.documents} documents`;
    const plan = this.planned > 0 ? ` (${this.done}/${this.planned})` : '';
    const left = this.secondsLeft();
    const eta = left === undefined ? '' : `, about ${left} s left`;
    return `${this.phase}${plan}: ${read}${eta}`;
  }

  elapsedSeconds(): number {
    return Math.round((this.now() - this.started) / 100) / 10;
  }

  private print(force: boolean): void {
    const t = this.now();
    if (!force && t - this.lastLine < 1000) return;
    this.lastLine = t;
    this.log(this.line());
  }
}
