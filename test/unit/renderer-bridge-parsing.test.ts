import { describe, expect, it } from 'vitest';
import { splitTokenFromHash } from '../../renderer/src/bridge/host-token';
import { createSseParser } from '../../renderer/src/bridge/sse-parser';

function parsedFrom(chunks: readonly string[]): string[] {
  const messages: string[] = [];
  const feed = createSseParser((data) => messages.push(data));
  for (const chunk of chunks) feed(chunk);
  return messages;
}

describe('event-stream parsing', () => {
  it('hands over each message once its blank line arrives', () => {
    expect(parsedFrom(['data: {"a":1}\n\ndata: {"b":2}\n\n'])).toEqual(['{"a":1}', '{"b":2}']);
    expect(parsedFrom(['data: {"a":1}\n'])).toEqual([]);
  });

  it('joins messages split across chunks at any point, even inside a CRLF', () => {
    const text = 'data: {"type":"sale.updated"}\r\n\r\ndata: second\r\n\r\n';
    for (let cut = 1; cut < text.length; cut++) {
      expect(parsedFrom([text.slice(0, cut), text.slice(cut)])).toEqual([
        '{"type":"sale.updated"}',
        'second',
      ]);
    }
  });

  it('ignores comments (heartbeats), other fields and empty events; joins multi-line data', () => {
    expect(parsedFrom([': ping\n\nevent: x\nid: 3\ndata: one\ndata: two\n\n\n'])).toEqual(['one\ntwo']);
    expect(parsedFrom(['data:no-space\r\rdata\n\n'])).toEqual(['no-space', '']);
  });
});

describe('host token in the address', () => {
  it('takes the token out and keeps whatever else the hash held', () => {
    expect(splitTokenFromHash('#token=abc123')).toEqual({ token: 'abc123', rest: '' });
    expect(splitTokenFromHash('#screen=sell&token=t%2Bk')).toEqual({ token: 't+k', rest: '#screen=sell' });
  });

  it('finds no token in an empty hash or an empty token', () => {
    expect(splitTokenFromHash('')).toEqual({ token: null, rest: '' });
    expect(splitTokenFromHash('#token=')).toEqual({ token: null, rest: '' });
  });
});
