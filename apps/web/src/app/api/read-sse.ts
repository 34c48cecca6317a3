export type TSseMessage = { event: string; data: unknown };

/**
 * Reads a text/event-stream body event by event (fetch, not EventSource: the call is a POST with a
 * bearer token). Comment lines (keep-alives) are skipped.
 */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<TSseMessage> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    while (true) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n/g, '\n');
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
        }
        if (data.length > 0) yield { event, data: JSON.parse(data.join('\n')) as unknown };
        end = buffer.indexOf('\n\n');
      }
    }
  } finally {
    reader.releaseLock();
  }
}
