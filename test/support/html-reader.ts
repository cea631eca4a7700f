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
  /** The text directly inside it, its children's left out. */
  own: string;
  /** The index of the element it is in, -1 at the top. */
  parent: number;
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
    def node(self, tag, attrs):
        node = {'tag': tag, 'attrs': dict(attrs), 'text': '', 'own': '', 'parent': self.open[-1]['index'] if self.open else -1, 'index': len(self.out)}
        self.out.append(node)
        return node
    def handle_starttag(self, tag, attrs):
        node = self.node(tag, attrs)
        if tag not in VOID:
            self.open.append(node)
    def handle_startendtag(self, tag, attrs):
        self.node(tag, attrs)
    def handle_endtag(self, tag):
        for i in range(len(self.open) - 1, -1, -1):
            if self.open[i]['tag'] == tag:
                del self.open[i:]
                return
    def handle_data(self, data):
        for node in self.open:
            node['text'] += data
        if self.open:
            self.open[-1]['own'] += data

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
