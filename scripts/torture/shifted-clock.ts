/**
 * Loaded into the counter's process by the torture (`node --import`): the process's clock runs
 * ESIM_TORTURE_CLOCK_OFFSET_MS ahead of the machine's, as it would for a counter left off for that
 * long. The simulator's clock is moved by the same amount, so the two agree with each other; only
 * the sales the counter left open have aged.
 */
const offset = Number(process.env.ESIM_TORTURE_CLOCK_OFFSET_MS ?? '0');

if (Number.isFinite(offset) && offset !== 0) {
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  class ShiftedDate extends RealDate {
    constructor(...args: [] | [string | number | Date]) {
      if (args.length === 0) super(realNow() + offset);
      else super(args[0]);
    }

    static override now(): number {
      return realNow() + offset;
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
}
