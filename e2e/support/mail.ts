import fs from 'node:fs';
import path from 'node:path';

const dataDir = process.env.KOMA_E2E_DATA_DIR ?? path.resolve(import.meta.dirname, '../.data-local');
const mailDir = path.join(dataDir, 'mail');

/** Decodes a quoted-printable or base64 MIME body well enough to find the link. */
export function readableBody(eml: string): string {
  const unfolded = eml.replace(/=\r?\n/g, '');
  const qp = unfolded.replace(/=([0-9A-F]{2})/g, (_, h: string) =>
    String.fromCharCode(Number.parseInt(h, 16)),
  );
  const base64Parts = [
    ...eml.matchAll(/Content-Transfer-Encoding: base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/g),
  ].map((m) => Buffer.from((m[1] ?? '').replace(/\s/g, ''), 'base64').toString('utf8'));
  return [qp, ...base64Parts].join('\n');
}

/** Waits for the newest .eml the server wrote to `to` and returns the link it carries. */
export async function mailedLink(to: string, pathPart: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(mailDir)
      ? fs
          .readdirSync(mailDir)
          .filter((f) => f.endsWith('.eml'))
          .sort()
      : [];
    for (const file of files.reverse()) {
      const body = readableBody(fs.readFileSync(path.join(mailDir, file), 'utf8'));
      if (!body.toLowerCase().includes(`to: ${to.toLowerCase()}`)) continue;
      const link = body.match(new RegExp(`https?://[^\\s"<>]*${pathPart}\\?token=[A-Za-z0-9_%-]+`));
      if (link) return link[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail with ${pathPart} for ${to}`);
}
