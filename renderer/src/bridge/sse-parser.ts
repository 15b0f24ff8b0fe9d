/**
 * An incremental parser of a text/event-stream body (the WHATWG event-stream format), fed chunks as
 * they arrive: it hands over each message's data once its blank line is seen, joins multi-line data
 * with "\n", and ignores comments (heartbeats) and fields other than data.
 */
export function createSseParser(onData: (data: string) => void): (chunk: string) => void {
  let buffer = '';
  let data: string[] = [];
  return (chunk) => {
    buffer += chunk;
    for (;;) {
      const match = /\r\n|\r|\n/.exec(buffer);
      // A lone "\r" at the end may be the first half of "\r\n": wait for the next chunk.
      if (!match || (match[0] === '\r' && match.index === buffer.length - 1)) return;
      const line = buffer.slice(0, match.index);
      buffer = buffer.slice(match.index + match[0].length);
      if (line === '') {
        if (data.length > 0) onData(data.join('\n'));
        data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'data') data.push(value);
    }
  };
}
