/**
 * An RFC 4180 reader written for the tests, independently of the app's writer: a byte-order mark is
 * reported (not kept), records end at CRLF, quoted fields may hold commas, quotes (doubled) and line
 * breaks. Anything else (a bare LF ending a record, a quote inside an unquoted field, text after a
 * closing quote) is an error, so a writer that breaks the format fails the test that reads it.
 */
export interface ParsedCsv {
  readonly bom: boolean;
  readonly records: string[][];
}

export function parseCsv(input: string): ParsedCsv {
  const bom = input.startsWith('\uFEFF');
  const text = bom ? input.slice(1) : input;
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  if (text.length === 0) return { bom, records };
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i += 1;
      for (;;) {
        if (i >= text.length) throw new Error('a quoted field is never closed');
        const ch = text[i];
        if (ch === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        field += ch;
        i += 1;
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') throw new Error(`a quote inside an unquoted field at ${i}`);
        field += text[i];
        i += 1;
      }
    }
    record.push(field);
    if (text[i] === ',') {
      i += 1;
      continue;
    }
    if (text[i] === '\r' && text[i + 1] === '\n') {
      records.push(record);
      record = [];
      i += 2;
      continue;
    }
    if (i >= text.length) {
      throw new Error('the last record does not end with CRLF');
    }
    throw new Error(`unexpected ${JSON.stringify(text[i])} after a field at ${i}`);
  }
  return { bom, records };
}

/** The records as objects keyed by the header row. */
export function csvObjects(input: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(input).records;
  if (!header) throw new Error('no header row');
  return rows.map((row) => {
    if (row.length !== header.length)
      throw new Error(`a row of ${row.length} fields under ${header.length} headers`);
    return Object.fromEntries(header.map((name, index) => [name, row[index] ?? '']));
  });
}
