/**
 * What makes the print-ready PDF a PDF/X-4 (docs/print.md, "The print-ready PDF"): its output
 * intent's profile, made here (a monochrome printer profile: the 1-bit and gray pages are printed
 * in black ink as they are), and the XMP metadata the standard asks beside the Info dictionary.
 */

export const PDFX_VERSION = 'PDF/X-4';
export const OUTPUT_CONDITION = 'Black ink (K) on paper, monochrome print';

/** ICC's D50, the profile connection space's white, as s15Fixed16. */
const D50 = [0.9642, 1, 0.8249];
/** The tone curve's gamma: 1.8 stands for the dot gain of offset and on-demand print in black. */
const GAMMA = 1.8;

const fixed = (n: number) => Math.round(n * 65536);

function tag(signature: string, body: Buffer): { signature: string; body: Buffer } {
  const padded = Buffer.alloc(Math.ceil(body.length / 4) * 4);
  body.copy(padded);
  return { signature, body: padded };
}

function textDescription(text: string): Buffer {
  const ascii = Buffer.from(`${text}\0`, 'latin1');
  const head = Buffer.alloc(12);
  head.write('desc', 0, 'latin1');
  head.writeUInt32BE(ascii.length, 8);
  // Unicode and ScriptCode parts, empty: language 0, count 0; script code 0, count 0, 67 bytes.
  return Buffer.concat([head, ascii, Buffer.alloc(8 + 3 + 67)]);
}

function xyz(values: number[]): Buffer {
  const body = Buffer.alloc(8 + 12);
  body.write('XYZ ', 0, 'latin1');
  for (const [i, v] of values.entries()) body.writeInt32BE(fixed(v), 8 + 4 * i);
  return body;
}

/**
 * An ICC v2 monochrome output profile (class `prtr`, colour space GRAY): the four tags ICC.1
 * asks of one (description, gray TRC, media white point, copyright).
 */
export function grayOutputProfile(): Buffer {
  const copyright = Buffer.concat([
    Buffer.from('text\0\0\0\0', 'latin1'),
    Buffer.from('No copyright, use freely\0'),
  ]);
  const curve = Buffer.alloc(14);
  curve.write('curv', 0, 'latin1');
  curve.writeUInt32BE(1, 8);
  curve.writeUInt16BE(Math.round(GAMMA * 256), 12);
  const tags = [
    tag('desc', textDescription(OUTPUT_CONDITION)),
    tag('cprt', copyright),
    tag('wtpt', xyz(D50)),
    tag('kTRC', curve),
  ];
  const tableSize = 4 + 12 * tags.length;
  let offset = 128 + tableSize;
  const table = Buffer.alloc(tableSize);
  table.writeUInt32BE(tags.length, 0);
  tags.forEach((t, i) => {
    table.write(t.signature, 4 + 12 * i, 'latin1');
    table.writeUInt32BE(offset, 8 + 12 * i);
    table.writeUInt32BE(t.body.length, 12 + 12 * i);
    offset += t.body.length;
  });
  const header = Buffer.alloc(128);
  header.writeUInt32BE(offset, 0);
  header.writeUInt32BE(0x02100000, 8);
  header.write('prtr', 12, 'latin1');
  header.write('GRAY', 16, 'latin1');
  header.write('XYZ ', 20, 'latin1');
  header.writeUInt16BE(2026, 24);
  header.writeUInt16BE(1, 26);
  header.writeUInt16BE(1, 28);
  header.write('acsp', 36, 'latin1');
  for (const [i, v] of D50.entries()) header.writeInt32BE(fixed(v), 68 + 4 * i);
  return Buffer.concat([header, table, ...tags.map((t) => t.body)]);
}

const xml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The XMP packet PDF/X-4 asks (ISO 15930-7): the version (when it is one), dates, title, trapping, IDs. */
export function xmpMetadata(meta: {
  title: string;
  isoDate: string;
  documentId: string;
  pdfx: boolean;
}): Buffer {
  const version = meta.pdfx ? `\n<pdfxid:GTS_PDFXVersion>${PDFX_VERSION}</pdfxid:GTS_PDFXVersion>` : '';
  const packet = `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about=""
 xmlns:dc="http://purl.org/dc/elements/1.1/"
 xmlns:xmp="http://ns.adobe.com/xap/1.0/"
 xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
 xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
 xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
<dc:format>application/pdf</dc:format>
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xml(meta.title)}</rdf:li></rdf:Alt></dc:title>
<xmp:CreateDate>${meta.isoDate}</xmp:CreateDate>
<xmp:ModifyDate>${meta.isoDate}</xmp:ModifyDate>
<xmp:MetadataDate>${meta.isoDate}</xmp:MetadataDate>
<xmp:CreatorTool>Koma</xmp:CreatorTool>
<pdf:Producer>Koma</pdf:Producer>
<pdf:Trapped>False</pdf:Trapped>
<xmpMM:DocumentID>uuid:${meta.documentId}</xmpMM:DocumentID>
<xmpMM:InstanceID>uuid:${meta.documentId}</xmpMM:InstanceID>
<xmpMM:VersionID>1</xmpMM:VersionID>
<xmpMM:RenditionClass>default</xmpMM:RenditionClass>${version}
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="r"?>`;
  return Buffer.from(packet, 'utf8');
}
