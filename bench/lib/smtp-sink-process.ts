/**
 * A local SMTP server that accepts every mail and counts it, run as its own process (forked by
 * `smtpSinkProcess`): a real SMTP server is another program, so its work is not charged to the
 * server under test. Tells its parent the port once listening, then the count every 100 ms.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

let accepted = 0;
const server = new SMTPServer({
  authOptional: true,
  disableReverseLookup: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    stream.resume();
    stream.on('end', () => {
      accepted += 1;
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.server.address() as AddressInfo;
  process.send?.({ port });
});
let told = -1;
const timer = setInterval(() => {
  if (accepted === told) return;
  told = accepted;
  process.send?.({ accepted });
}, 100);
process.on('disconnect', () => {
  clearInterval(timer);
  server.close(() => process.exit(0));
});
