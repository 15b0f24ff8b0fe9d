import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Db, openJournal } from '../../electron/core/journal/database';
import {
  ISSUED_NUMBERS_FILE,
  IssuedNumbers,
  issuedNumbersOf,
} from '../../electron/core/journal/issued-numbers';
import { writeTransaction } from '../../electron/core/journal/journal-write';
import { SalesJournal } from '../../electron/core/journal/sales-journal';
import { ShiftJournal } from '../../electron/core/shifts/shift-journal';
import { money } from '../../shared/money';
import { newSale } from '../support/journal-records';
import { tempJournalPerTest } from '../support/temp-journal';
import { DAY_COUNTER, DAY_PIN, startDay } from './end-of-day-journal';

/**
 * The receipt and Z numbers a counter issued, kept beside the journal as well (issued-numbers.ts), on
 * real journal files: written when the transaction that takes them commits, given back by one rolled
 * back, read whole when one copy was cut off, made again from the journal when deleted, and above
 * every one of them for a journal brought back from an older copy.
 */

const AT = '2026-11-22T10:00:00.000Z';
const RECEIPTS = { kind: 'receipt', counterId: 'C1', training: true } as const;

const journal = tempJournalPerTest('issued-numbers');
let db: Db;

beforeEach(() => {
  db = journal.open();
});

const issuedFile = (): string => join(journal.dir, ISSUED_NUMBERS_FILE);

function sell(count: number): number[] {
  const sales = new SalesJournal(db);
  return Array.from({ length: count }, () => sales.createIntent(newSale(), AT).receiptNumber);
}

describe('the numbers a counter issued, beside its journal', () => {
  it('holds each receipt number once its transaction commits; one rolled back is given back', () => {
    expect(sell(3)).toEqual([1, 2, 3]);
    expect(IssuedNumbers.read(issuedFile()).get('receipt/C1/training')).toBe(3);

    const sales = new SalesJournal(db);
    expect(() =>
      sales.inOneTransaction(() => {
        sales.createIntent(newSale(), AT);
        throw new Error('the sale was refused before it was sent');
      }),
    ).toThrow(/refused/);
    expect(IssuedNumbers.read(issuedFile()).get('receipt/C1/training')).toBe(3);
    // The journal's sequence keeps no gaps: the number rolled back is the next one given.
    expect(sell(1)).toEqual([4]);
    expect(IssuedNumbers.read(issuedFile()).get('receipt/C1/training')).toBe(4);
  });

  it("a new sale's number is written as its transaction commits, and on disk once numbersKept settles", async () => {
    sell(1);
    const sales = new SalesJournal(db);
    const { result, numbersKept } = sales.inOneTransaction(
      () => sales.createIntent(newSale(), AT).receiptNumber,
    );
    expect(result).toBe(2);
    // In the file at once (its order may leave now); its fdatasync runs while the order is on the wire.
    expect(IssuedNumbers.read(issuedFile()).get('receipt/C1/training')).toBe(2);
    await numbersKept;
    expect(IssuedNumbers.read(issuedFile()).get('receipt/C1/training')).toBe(2);
    // A sale rolled back gives its number back, and says nothing is left to keep.
    const refused = (): unknown =>
      sales.inOneTransaction(() => {
        sales.createIntent(newSale(), AT);
        throw new Error('the sale was refused before it was sent');
      });
    expect(refused).toThrow(/refused/);
    expect(sell(1)).toEqual([3]);
  });

  it('a sale whose number cannot be written is not held back; the next commit writes every number', async () => {
    const troubles: string[] = [];
    issuedNumbersOf(db)!.reportTo((message) => troubles.push(message));
    sell(1);
    rmSync(issuedFile());
    mkdirSync(issuedFile());
    const sales = new SalesJournal(db);
    const { result, numbersKept } = sales.inOneTransaction(
      () => sales.createIntent(newSale(), AT).receiptNumber,
    );
    expect(result).toBe(2);
    await numbersKept;
    expect(troubles).toEqual(['issued numbers could not be written beside the journal']);
    rmSync(issuedFile(), { recursive: true });
    // The next commit writes the file again, taking a number or not: it holds the one not written.
    writeTransaction(db, () => undefined);
    expect(IssuedNumbers.read(issuedFile()).get('receipt/C1/training')).toBe(2);
  });

  it('a journal brought back from an older copy continues above every number issued since', () => {
    sell(2);
    const older = join(journal.dir, 'older.sqlite');
    db.prepare('VACUUM INTO ?').run(older);
    sell(3);
    db.close();
    copyFileSync(older, journal.file);
    rmSync(`${journal.file}-wal`, { force: true });
    rmSync(`${journal.file}-shm`, { force: true });

    db = journal.open();
    const issued = issuedNumbersOf(db)!;
    expect(issued.notIn(db)).toEqual([{ sequence: RECEIPTS, from: 3, to: 5 }]);
    expect(sell(1)).toEqual([6]);
  });

  it('a Z number once issued is never issued again by a journal brought back from before it', async () => {
    const day = startDay();
    try {
      const before = join(dirname(day.db.name), 'before-z.sqlite');
      day.db.prepare('VACUUM INTO ?').run(before);
      await day.call.signIn({ cashierId: day.manager.id, pin: DAY_PIN });
      await day.call.openShift({ floats: [money(1000, 'USD')] });
      const counted = await day.call.countDrawer({ counts: [money(1000, 'USD')] });
      expect((await day.call.closeShift({ countId: counted.countId })).shift.zNumber).toBe(1);
      const dayJournal = day.db.name;
      day.db.close();
      copyFileSync(before, dayJournal);
      rmSync(`${dayJournal}-wal`, { force: true });
      rmSync(`${dayJournal}-shm`, { force: true });
      const back = openJournal({ file: dayJournal });
      try {
        expect(issuedNumbersOf(back)!.notIn(back)).toEqual([
          { sequence: { kind: 'z', counterId: DAY_COUNTER }, from: 1, to: 1 },
        ]);
        expect(writeTransaction(back, () => new ShiftJournal(back).nextZNumber(DAY_COUNTER))).toBe(2);
      } finally {
        back.close();
      }
    } finally {
      rmSync(dirname(day.db.name), { recursive: true, force: true });
    }
  });

  it('reads the whole copy when the other was cut off, and takes the highest of two whole ones', () => {
    sell(2);
    sell(1);
    // Two writes since the file was made: its two copies now hold 2 and 3.
    const bytes = readFileSync(issuedFile());
    expect(bytes.length).toBe(8192);
    const fd = openSync(issuedFile(), 'r+');
    try {
      // The copy holding 3 cut off halfway: the one holding 2 is read.
      const newer = bytes.subarray(0, 4096).includes('":3') ? 0 : 4096;
      writeSync(fd, Buffer.from('{"receipt/C1/tr'), 0, 15, newer + 20);
    } finally {
      closeSync(fd);
    }
    expect(IssuedNumbers.read(issuedFile()).get('receipt/C1/training')).toBe(2);
    // At the next open the journal's own number raises it again.
    db.close();
    db = journal.open();
    expect(IssuedNumbers.read(issuedFile()).get('receipt/C1/training')).toBe(3);
  });

  it('is made again from the journal when it was deleted', () => {
    sell(4);
    db.close();
    rmSync(issuedFile());
    db = journal.open();
    expect(existsSync(issuedFile())).toBe(true);
    expect(IssuedNumbers.read(issuedFile()).get('receipt/C1/training')).toBe(4);
    expect(issuedNumbersOf(db)!.notIn(db)).toEqual([]);
    expect(sell(1)).toEqual([5]);
  });
});
