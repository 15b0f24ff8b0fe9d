import { describe, expect, it } from 'vitest';
import { csvDocument } from '../../electron/core/exports/csv';
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
});
