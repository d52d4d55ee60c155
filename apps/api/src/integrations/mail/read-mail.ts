/**
 * Reads back the messages nodemailer writes (the outbox files, what the test SMTP server
 * receives): headers, and the text and HTML parts decoded. Enough MIME for our own mails, not a
 * general parser; the registry's mailparser could not be installed (a dependency is missing).
 */
export interface ReadMail {
  headers: Record<string, string>;
  subject: string;
  from: string;
  to: string;
  text: string | undefined;
  html: string | undefined;
  /** Parts sent as attachments: their file name and decoded content. */
  attachments: { filename: string; content: string }[];
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

export function readMail(raw: string): ReadMail {
  const root = splitPart(raw.replaceAll('\r\n', '\n'));
  const leaves = collectLeaves(root);
  const byType = (type: string) => {
    const part = leaves.find(
      (leaf) =>
        contentType(leaf).startsWith(type) &&
        !(leaf.headers['content-disposition'] ?? '').startsWith('attachment'),
    );
    return part ? decodeBody(part) : undefined;
  };
  return {
    headers: root.headers,
    subject: decodeEncodedWords(root.headers.subject ?? ''),
    from: decodeEncodedWords(root.headers.from ?? ''),
    to: decodeEncodedWords(root.headers.to ?? ''),
    text: byType('text/plain'),
    html: byType('text/html'),
    attachments: leaves
      .filter((leaf) => (leaf.headers['content-disposition'] ?? '').startsWith('attachment'))
      .map((leaf) => ({
        filename:
          /filename="?([^";]+)"?/i.exec(leaf.headers['content-disposition'] ?? '')?.[1] ?? '',
        content: decodeBody(leaf),
      })),
  };
}

function splitPart(source: string): Part {
  const end = source.indexOf('\n\n');
  const head = end === -1 ? source : source.slice(0, end);
  const body = end === -1 ? '' : source.slice(end + 2);
  const headers: Record<string, string> = {};
  // A header continues on the lines that start with white space (RFC 5322 folding).
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function contentType(part: Part): string {
  return (part.headers['content-type'] ?? 'text/plain').toLowerCase();
}

function collectLeaves(part: Part): Part[] {
  const type = part.headers['content-type'] ?? '';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  const sections = part.body.split(`--${boundary}`).slice(1);
  return sections
    .filter((section) => !section.startsWith('--'))
    .flatMap((section) => collectLeaves(splitPart(section.replace(/^\n/, ''))));
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const body = part.body.replace(/\n$/, '');
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function decodeQuotedPrintable(value: string): string {
  const joined = value.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** '=?UTF-8?Q?Redefini=C3=A7=C3=A3o?=' -> 'Redefinição' (RFC 2047). */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_word, _charset, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replaceAll('_', ' ')),
    );
}
