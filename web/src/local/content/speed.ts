/** Download speed in Mbps over a sliding window of the last few seconds. */
export class SpeedMeter {
  private samples: { t: number; bytes: number }[] = [];
  constructor(
    private readonly now: () => Date,
    private readonly windowMs = 3000,
  ) {}

  add(bytes: number): void {
    const t = this.now().getTime();
    this.samples.push({ t, bytes });
    while (this.samples.length > 1 && t - (this.samples[0]?.t ?? t) > this.windowMs) this.samples.shift();
  }

  mbps(): number {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (!first || !last) return 0;
    const seconds = Math.max(0.25, (last.t - first.t) / 1000);
    const bytes = this.samples.reduce((n, s) => n + s.bytes, 0);
    return Math.round(((bytes * 8) / 1_000_000 / seconds) * 10) / 10;
  }
}
