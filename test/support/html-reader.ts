/**
 * A standard reader for the HTML Parlor writes: Python's `html.parser` (the tokenizer of the standard
 * library, which decodes character references as HTML5 says) after HTML5's input-stream preprocessing
 * (CR LF and a lone CR become LF, a raw NUL in text is dropped), with a small tree on top. Each element
 * comes back with its attributes as decoded and its text content, so a test can read a page the way a
 * browser reads it rather than by matching the bytes Parlor wrote.
 */
import { spawnSync } from 'node:child_process';

export interface HtmlElement {
  tag: string;
  attrs: Record<string, string | null>;
  /** Every text inside the element, decoded, in order (its textContent). */
  text: string;
}

const READ_HTML = `
import json, sys
from html.parser import HTMLParser

VOID = {'area','base','br','col','embed','hr','img','input','link','meta','source','track','wbr'}

class Reader(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.out = []
        self.open = []
    def handle_starttag(self, tag, attrs):
        node = {'tag': tag, 'attrs': dict(attrs), 'text': ''}
        self.out.append(node)
        if tag not in VOID:
            self.open.append(node)
    def handle_startendtag(self, tag, attrs):
        self.out.append({'tag': tag, 'attrs': dict(attrs), 'text': ''})
    def handle_endtag(self, tag):
        for i in range(len(self.open) - 1, -1, -1):
            if self.open[i]['tag'] == tag:
                del self.open[i:]
                return
    def handle_data(self, data):
        for node in self.open:
            node['text'] += data

pages = json.loads(sys.stdin.buffer.read().decode('utf-8'))
result = {}
for name, text in pages.items():
    reader = Reader()
    # HTML5's input stream: a CR LF or a lone CR is a line feed before tokenizing; a raw NUL in text is dropped.
    reader.feed(text.replace('\\r\\n', '\\n').replace('\\r', '\\n').replace('\\0', ''))
    reader.close()
    result[name] = reader.out
sys.stdout.write(json.dumps(result))
`;

/** Every element of each page (name → elements in document order), as Python's HTML parser reads them. */
export function readHtmlWithPython(pages: Record<string, string>): Record<string, HtmlElement[]> {
  const result = spawnSync('python3', ['-c', READ_HTML], { input: Buffer.from(JSON.stringify(pages), 'utf8'), encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`python3 html.parser could not read the pages: ${result.stderr}`);
  return JSON.parse(result.stdout) as Record<string, HtmlElement[]>;
}
