// A logger's stream for an app under test: its JSON lines, parsed, in `lines`, so a test can assert
// what the server said (a warning once, a failure named).
import { Writable } from 'node:stream';

export interface LoggedLine {
  level: number;
  msg: string;
}

export function logSink(): { stream: Writable; lines: LoggedLine[] } {
  const lines: LoggedLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LoggedLine);
      done();
    },
  });
  return { stream, lines };
}
