import { describe, expect, it } from 'vitest';
import { csvDocument, timeCells } from '../../electron/core/exports/csv';
import { parseCsv } from '../support/csv-parse';

describe('CSV for spreadsheets', () => {
  it('starts with a byte-order mark, ends every record with CRLF, and round-trips Arabic, quotes and line breaks', () => {
    const note = 'دفعة للمزوّد، "عاجل"\nسطر ثانٍ';
    const text = csvDocument(
      ['note', 'amount', 'count'],
      [
        [{ text: note }, { amount: 1250, currency: 'USD' }, { count: 3 }],
        [{ text: null }, { amount: 5000, currency: 'IQD' }, { count: null }],
        [{ text: 'plain' }, { amount: -5, currency: 'USD' }, { count: 0 }],
      ],
    );
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    // The only bare line feed is the one inside the quoted note.
    expect(text.replaceAll('\r\n', '').split('\n')).toHaveLength(2);
    expect(parseCsv(text)).toEqual({
      bom: true,
      records: [
        ['note', 'amount', 'count'],
        [note, '12.50', '3'],
        ['', '5000', ''],
        ['plain', '-0.05', '0'],
      ],
    });
  });

  it('makes text that would start a formula inert, and leaves amounts as numbers', () => {
    const attacks = ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\tTAB', '\rCR'];
    const text = csvDocument(
      ['text', 'amount'],
      attacks.map((attack) => [{ text: attack }, { amount: -100, currency: 'USD' }]),
    );
    const rows = parseCsv(text).records.slice(1);
    expect(rows.map((row) => row[0])).toEqual(attacks.map((attack) => `'${attack}`));
    expect(rows.map((row) => row[1])).toEqual(attacks.map(() => '-1.00'));
  });

  it('writes a time as the shop read it, with its offset, and as a date and time Excel reads', () => {
    const cells = (at: string, zone: string): string[] =>
      parseCsv(csvDocument(['at', 'at_local'], [timeCells(at, zone)])).records[1] ?? [];
    // Baghdad, three hours ahead of UTC all year; the milliseconds are kept.
    expect(cells('2026-06-01T00:50:07.045Z', 'Asia/Baghdad')).toEqual([
      '2026-06-01T03:50:07.045+03:00',
      '2026-06-01 03:50:07',
    ]);
    // London in summer and in winter, and a zone behind UTC: the offset is the one at that moment.
    expect(cells('2026-07-01T12:00:00.000Z', 'Europe/London')).toEqual([
      '2026-07-01T13:00:00.000+01:00',
      '2026-07-01 13:00:00',
    ]);
    expect(cells('2026-01-15T12:00:00.000Z', 'Europe/London')[0]).toBe('2026-01-15T12:00:00.000+00:00');
    expect(cells('2026-01-15T02:30:00.000Z', 'America/St_Johns')).toEqual([
      '2026-01-14T23:00:00.000-03:30',
      '2026-01-14 23:00:00',
    ]);
    // Each names the instant it came from: no information is lost against UTC.
    for (const at of ['2026-03-29T00:59:59.999Z', '2026-03-29T01:00:00.000Z', '2026-10-25T00:30:00.500Z']) {
      expect(new Date(cells(at, 'Europe/London')[0] ?? '').toISOString()).toBe(at);
    }
    // What is not a time stays as it came, its date and time left empty.
    expect(cells('yesterday', 'Asia/Baghdad')).toEqual(['yesterday', '']);
    expect(timeCells(null, 'Asia/Baghdad')).toEqual([{ text: null }, { text: null }]);
  });
});
